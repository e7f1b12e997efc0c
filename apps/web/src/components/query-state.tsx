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

/** A part of the page still loading. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}

/** A detail page's loader, its kept error message, or its content. */
export function QueryState<T>({ query, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('table.loadFailed')}>
        <Stack gap="sm" align="flex-start">
          {translateMessage(errorMessage(query.error))}
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <Loading />;
}
