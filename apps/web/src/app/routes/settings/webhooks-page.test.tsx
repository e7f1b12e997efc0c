import {
  getProfile,
  webhookCreate,
  webhookDeliveryList,
  webhookList,
  webhookDelete,
  webhookDeliveryAttempts,
  webhookRedeliver,
  webhookRotateSecret,
  webhookTest,
  webhookUpdate,
  type Webhook,
} from '@cabdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, queriesOf, server, type WireData } from '@/testing/api';
import { me } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { WebhooksPage } from './webhooks-page';

const HOOK: Webhook = {
  id: 3,
  url: 'https://hooks.example.com/cabdesk',
  events: ['approval.decided'],
  enabled: true,
  disabled_reason: null,
  previous_secret_until: null,
  failing_since: null,
  created_at: '2026-11-01T10:00:00.000Z',
};

type Delivery = WireData<typeof webhookDeliveryList>['data'][number];
const delivery = (id: number, overrides: Partial<Delivery> = {}): Delivery => ({
  id,
  webhook_id: HOOK.id,
  url: HOOK.url,
  event_id: id,
  event_type: 'approval.decided',
  status: 'failed',
  attempts: 8,
  response_code: 500,
  duration_ms: 42,
  last_error: 'answered 500',
  last_attempt_at: '2026-11-02T10:00:00.000Z',
  next_attempt_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/** What a POST of the test sent, by endpoint. */
const sent: Record<string, unknown[]> = {};
const recording = <
  E extends
    | typeof webhookCreate
    | typeof webhookDelete
    | typeof webhookRedeliver
    | typeof webhookRotateSecret
    | typeof webhookTest
    | typeof webhookUpdate,
>(
  endpoint: E,
  data: WireData<E>,
) =>
  answer(endpoint, async ({ request }) => {
    (sent[endpoint.path] ??= []).push(await request.json());
    return data;
  });

function open(role: 'Owner' | 'Operator' = 'Owner', url = '/webhooks') {
  for (const key of Object.keys(sent)) delete sent[key];
  server.use(
    answer(getProfile, me({ role })),
    answer(webhookList, [HOOK]),
    answer(webhookDeliveryList, ({ url }) => ({
      data:
        url.searchParams.get('status') === 'delivered'
          ? []
          : [
              delivery(11),
              delivery(12, {
                status: 'pending',
                attempts: 1,
                response_code: null,
                last_error: 'connect ECONNREFUSED',
              }),
            ],
      current_page: 1,
      last_page: 1,
      per_page: 10,
      total: 2,
      total_exact: true,
    })),
    recording(webhookCreate, { id: 4, secret: 'whsec_c2VjcmV0IHNob3duIG9uY2U=' }),
    recording(webhookRedeliver, { queued: 2 }),
    recording(webhookTest, { delivery_id: 13 }),
    recording(webhookDelete, { id: HOOK.id }),
    recording(webhookRotateSecret, { id: HOOK.id, secret: 'whsec_bmV3IHNlY3JldA==' }),
    recording(webhookUpdate, { ...HOOK, enabled: false }),
    answer(webhookDeliveryAttempts, ({ url }) => ({
      delivery: delivery(Number(url.searchParams.get('id'))),
      attempts: [
        {
          id: 1,
          attempted_at: '2026-11-01T10:00:05.000Z',
          response_code: 500,
          duration_ms: 42,
          error: 'answered 500',
          response_excerpt: '{"error":"database is down"}',
        },
        {
          id: 2,
          attempted_at: '2026-11-01T10:05:05.000Z',
          response_code: null,
          duration_ms: 10_000,
          error: 'no answer in 10000 ms',
          response_excerpt: null,
        },
      ],
    })),
  );
  return renderScreen(<WebhooksPage />, { path: '/webhooks', url });
}

describe('Settings -> Webhooks', () => {
  it('creates an endpoint for the events chosen and shows its secret once, to copy', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.type(within(dialog).getByLabelText('URL'), 'https://hooks.example.com/new');
    await user.click(within(dialog).getByLabelText('Trip cancelled by an administrator'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByText('whsec_c2VjcmV0IHNob3duIG9uY2U=')).toBeTruthy();
    expect(within(secret).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(sent['webhook-create']).toEqual([
      { url: 'https://hooks.example.com/new', events: ['trip.cancelled'] },
    ]);
  });

  it('sends a test event, and redelivers the deliveries selected in the log', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(sent['webhook-test']).toEqual([{ id: 3 }]));

    const log = await screen.findAllByRole('table');
    expect(await within(log[1]!).findByText('500')).toBeTruthy();
    expect(within(log[1]!).getByText('connect ECONNREFUSED')).toBeTruthy();
    expect(within(log[1]!).getAllByText('42 ms')).toHaveLength(2);
    await user.click(screen.getByLabelText('Select delivery 11'));
    await user.click(screen.getByLabelText('Select delivery 12'));
    await user.click(screen.getByRole('button', { name: 'Send again (2)' }));
    await waitFor(() => expect(sent['webhook-redeliver']).toEqual([{ ids: [11, 12] }]));
  });

  it('rotates the secret (shown once), disables, and deletes only after a confirmation', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByText('whsec_bmV3IHNlY3JldA==')).toBeTruthy();
    expect(sent['webhook-rotate-secret']).toEqual([{ id: 3 }]);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('switch', { name: `Enabled: ${HOOK.url}` }));
    await waitFor(() => expect(sent['webhook-update']).toEqual([{ id: 3, enabled: false }]));

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(sent['webhook-delete']).toBeUndefined();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent['webhook-delete']).toEqual([{ id: 3 }]));
  });

  it('filters the log by status, kept in the URL', async () => {
    open('Owner', '/webhooks?delivery_status=delivered');
    await waitFor(() =>
      expect(queriesOf(webhookDeliveryList).at(-1)?.get('status')).toBe('delivered'),
    );
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    expect(await within(log).findByText('No Records Found')).toBeTruthy();
    expect(screen.getByDisplayValue('Delivered')).toHaveProperty('ariaLabel', 'Status');
  });

  it('opens a delivery’s attempts: time, answer, time taken, error and the answer’s body', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Attempts of delivery 11' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delivery 11' });
    const attempts = await within(dialog).findAllByTestId('attempt');
    expect(attempts).toHaveLength(2);
    expect(within(attempts[0]!).getByText('Attempt 1')).toBeTruthy();
    expect(within(attempts[0]!).getByText('500')).toBeTruthy();
    expect(within(attempts[0]!).getByText('42 ms')).toBeTruthy();
    expect(within(attempts[0]!).getByText('answered 500')).toBeTruthy();
    expect(within(attempts[0]!).getByText('{"error":"database is down"}')).toBeTruthy();
    expect(within(attempts[1]!).getByText('No answer')).toBeTruthy();
    expect(within(attempts[1]!).getByText('no answer in 10000 ms')).toBeTruthy();
    expect(within(attempts[1]!).getByText('No body')).toBeTruthy();
    expect(queriesOf(webhookDeliveryAttempts).at(-1)?.get('id')).toBe('11');
  });

  it('shows nothing to a role other than Owner', async () => {
    open('Operator');
    await waitFor(() => expect(queriesOf(getProfile).length).toBeGreaterThan(0));
    expect(screen.queryByText('Add endpoint')).toBeNull();
  });
});
