import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';

export interface QueryStateProps<T> {
  query: { data: T | undefined; isPending: boolean; error: unknown; refetch: () => unknown };
  children: (data: T) => ReactNode;
}

/**
 * A part of the page still loading; `height`: the height of what it stands for, kept while it
 * loads, so that nothing under it moves when it comes.
 */
export function Loading({ height }: { height?: number }) {
  const { t } = useTranslation();
  return (
    <Center py={height === undefined ? 'xl' : undefined} h={height}>
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

/** A part of the page that could not load: why, and a Retry button when `retry` is given. */
export function LoadFailed({
  title,
  error,
  retry,
}: {
  title: string;
  error: unknown;
  retry?: { run: () => unknown; running?: boolean };
}) {
  const { t } = useTranslation();
  const message = translateMessage(errorMessage(error));
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title={title}>
      {retry ? (
        <Stack gap="sm" align="flex-start">
          {message}
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => void retry.run()}
            loading={retry.running}
          >
            {t('common.retry')}
          </Button>
        </Stack>
      ) : (
        message
      )}
    </Alert>
  );
}

/** A detail page's loader, its kept error message, or its content. */
export function QueryState<T>({ query, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    return (
      <LoadFailed
        title={t('table.loadFailed')}
        error={query.error}
        retry={{ run: query.refetch }}
      />
    );
  }
  return <Loading />;
}
