import {
  auditLog,
  getProfile,
  integrationKeyCreate,
  integrationKeyList,
  integrationKeyRevoke,
  type IntegrationKey,
} from '@cabdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, requests, server } from '@/testing/api';
import { me } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { IntegrationsPage } from './integrations-page';

const SECRET = 'cdk_Xy3kQ9mVb2Lr8Tn5Wc1Hd6Jf0Gs4Pa7Ze2Kq9Rt3Mu';

const KEY: IntegrationKey = {
  id: 7,
  name: 'Marketplace backend',
  scopes: ['people:write', 'vehicles:write'],
  prefix: 'cdk_Xy3kQ9mV',
  created_at: '2026-03-02T10:00:00.000Z',
  created_by: 'Ann Owner',
  last_used_at: null,
  revoked_at: null,
};

/** The page over a server that keeps its keys, as the API does. */
function open(keys: IntegrationKey[] = []) {
  const kept = [...keys];
  server.use(
    answer(getProfile, me()),
    answer(integrationKeyList, () => ({ keys: [...kept] })),
    answer(integrationKeyCreate, async ({ request }) => {
      const body = (await request.json()) as { name: string; scopes: IntegrationKey['scopes'] };
      kept.unshift({ ...KEY, id: 8, name: body.name, scopes: body.scopes });
      return { id: 8, key: SECRET };
    }),
    answer(integrationKeyRevoke, async ({ request }) => {
      const { id } = (await request.json()) as { id: number };
      const index = kept.findIndex((k) => k.id === id);
      kept[index] = { ...kept[index]!, revoked_at: '2026-03-03T09:30:00.000Z' };
      return kept[index]!;
    }),
    answer(auditLog, {
      data: [],
      current_page: 1,
      last_page: 1,
      per_page: 10,
      total: 0,
      total_exact: true,
    }),
  );
  return renderScreen(<IntegrationsPage />, { path: '/integrations' });
}

const postsTo = (endpoint: typeof integrationKeyCreate | typeof integrationKeyRevoke) =>
  requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname.endsWith(endpoint.path));

describe('Settings -> Integrations', () => {
  it('asks for a name and a scope before making a key', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create an integration key' }));
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expect(await dialog.findByText('Please enter a name for the key.')).toBeTruthy();
    expect(dialog.getByText('Please choose at least one scope.')).toBeTruthy();
    expect(postsTo(integrationKeyCreate)).toHaveLength(0);
  });

  it('shows a new key once, with a copy button and a warning, and never again', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    const form = within(await screen.findByRole('dialog', { name: 'Create an integration key' }));
    await user.type(form.getByLabelText('Name'), 'Marketplace backend');
    // Each scope by its wire name, with what it allows.
    expect(
      form.getByRole('checkbox', { name: /people:write.*Passengers, drivers and companies/ }),
    ).toBeTruthy();
    await user.click(form.getByRole('checkbox', { name: /people:write/ }));
    await user.click(form.getByRole('checkbox', { name: /vehicles:write/ }));
    await user.click(form.getByRole('button', { name: 'Create key' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Your new integration key' }));
    expect(shown.getByText('You will not see this key again')).toBeTruthy();
    expect(shown.getByTestId('integration-key').textContent).toBe(SECRET);
    expect(await postsTo(integrationKeyCreate)[0]!.json()).toEqual({
      name: 'Marketplace backend',
      scopes: ['people:write', 'vehicles:write'],
    });

    await user.click(shown.getByRole('button', { name: 'Copy key' }));
    expect(await shown.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    // The list shows the new key by its prefix, never the key itself.
    expect(await screen.findByText('Marketplace backend')).toBeTruthy();
    await user.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.getByText(`${KEY.prefix}…`)).toBeTruthy();

    // Opened again, the popup is a fresh form: the key is gone for good.
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const again = within(await screen.findByRole('dialog', { name: 'Create an integration key' }));
    expect((again.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('revokes a key after a confirmation, and shows it revoked', async () => {
    const { user } = open([KEY]);
    await user.click(await screen.findByRole('button', { name: 'Revoke Marketplace backend' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke integration key' }));
    expect(
      dialog.getByText(
        'Revoke Marketplace backend? Every request made with it is refused from now on. This cannot be undone.',
      ),
    ).toBeTruthy();
    expect(postsTo(integrationKeyRevoke)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Revoke' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await postsTo(integrationKeyRevoke)[0]!.json()).toEqual({ id: KEY.id });
    expect(await screen.findByText('Revoked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke Marketplace backend' })).toBeNull();
  });

  it('lets a revocation be called off', async () => {
    const { user } = open([KEY]);
    await user.click(await screen.findByRole('button', { name: 'Revoke Marketplace backend' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke integration key' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(postsTo(integrationKeyRevoke)).toHaveLength(0);
    expect(screen.getByText('Active')).toBeTruthy();
  });
});
