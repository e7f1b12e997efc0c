import '@mantine/core/styles/AppShell.layer.css';
import { getProfile } from '@cabdesk/contract';
import { AppShell, Box, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { ScreenNotice } from '@/components/screen-notice';
import { SosBanner } from '@/features/cases/components/sos-banner';
import { useIsPhone } from '@/hooks/use-is-phone';
import { useMay } from '@/hooks/use-may';
import { queryOf } from '@/lib/call';
import { TwoFactorEnrolment } from './two-factor-enrolment';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import classes from './app-layout.module.css';
import { pageOf } from './nav-items';
import { CommandPalette } from './command-palette';
import { Sidebar } from './sidebar';

/** Where the skip link leads: the content, past the header and the sidebar. */
const CONTENT_ID = 'content';

/**
 * The frame of every protected screen: a skip link, header, sidebar, content
 * and, at the end of the page, the footer. `children` instead of the route's
 * screen (the error page).
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  // Small screens start with the sidebar closed, larger ones open; the burger toggles either.
  const isMobile = useIsPhone();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const opened = isMobile ? mobileOpened : desktopOpened;
  const profile = useQuery(queryOf(getProfile));

  // The role and the two-factor state first: no screen calls what the server would refuse.
  if (profile.isPending) {
    return (
      <Center mih="100vh">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  // An Owner requires two-factor sign-in and it is not set up: nothing else opens until it is.
  if (profile.data?.two_factor_setup_required) return <TwoFactorEnrolment />;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 260,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="lg"
    >
      <a href={`#${CONTENT_ID}`} className={classes.skip}>
        {t('header.skipToContent')}
      </a>
      <AppShell.Header>
        <AppHeader
          sidebarOpened={opened}
          onToggleSidebar={isMobile ? mobile.toggle : desktop.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar id="app-sidebar" aria-label={t('nav.label')} inert={!opened}>
        <Sidebar onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main bg="var(--app-page)" className={classes.main}>
        <Box id={CONTENT_ID} tabIndex={-1} className={classes.content}>
          {/* An SOS nobody acknowledged stays above every screen (issue 49). */}
          <SosBanner />
          {children ?? <AllowedScreen />}
        </Box>
        <AppFooter />
      </AppShell.Main>
      <CommandPalette />
    </AppShell>
  );
}

/** The route's screen, or a plain refusal when the role may not open it (the sidebar hides it too). */
function AllowedScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const may = useMay();
  const page = pageOf(pathname);
  if (page?.endpoint && !may.call(page.endpoint)) {
    return (
      <ScreenNotice
        icon={<IconLock size={26} stroke={1.5} />}
        title={t('notAllowed.title')}
        hint={t('notAllowed.hint', { page: t(page.labelKey) })}
        link={{ label: t('errorPage.toDashboard'), to: '/' }}
      />
    );
  }
  return <Outlet />;
}
