import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ScreenNotice } from '@/components/screen-notice';
import { isSignedIn } from '@/lib/storage';

// The shell is its own chunk (router.tsx): it loads only when an error is shown inside it.
const AppLayout = lazy(() => import('./layout/app-layout').then((m) => ({ default: m.AppLayout })));

/** "404 Not Found" for a response the router threw, else the error's message. */
function statusOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * SPEC: an unknown route or a router failure shows "Unexpected Application
 * Error!" with the status or message; here in the app's look, with a way back
 * to the dashboard, and inside the shell for a signed-in administrator.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const signedIn = isSignedIn();
  const notice = (
    <ScreenNotice
      icon={<IconAlertTriangle size={26} stroke={1.5} />}
      title={t('errorPage.title')}
      status={statusOf(error)}
      hint={
        isRouteErrorResponse(error) && error.status === 404
          ? t('errorPage.notFound')
          : t('errorPage.failed')
      }
      link={{ label: t('errorPage.toDashboard'), to: '/' }}
      standalone={!signedIn}
    />
  );
  if (!signedIn) return notice;
  return (
    <Suspense fallback={null}>
      <AppLayout>{notice}</AppLayout>
    </Suspense>
  );
}
