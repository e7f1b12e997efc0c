import { webhookList } from '@cabdesk/contract';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title';
import { WebhookDeliveries } from '@/features/webhooks/components/webhook-deliveries';
import { WebhookEndpoints } from '@/features/webhooks/components/webhook-endpoints';
import { useMay } from '@/hooks/use-may';

/** Settings -> Webhooks (Owners): the endpoints and their delivery log (issue 44). */
export function WebhooksPage() {
  const { t } = useTranslation();
  const may = useMay();
  if (!may.call(webhookList)) return null;
  return (
    <Stack gap="lg">
      <PageTitle title={t('pages.webhooks')} />
      <WebhookEndpoints />
      <WebhookDeliveries />
    </Stack>
  );
}
