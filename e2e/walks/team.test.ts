import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { API, describeWalks, HTTP_401_LOG, signInWithForm, toastAfter } from '../support/browser';
import { inviteLinkFor } from '../support/colleague';

/** The browser logs every 4xx answer of a fetch (a Support colleague's refused calls). */
const HTTP_4XX_LOG = /Failed to load resource: the server responded with a status of 4\d\d/;

/** A TOTP code of `secret`, `ahead` time steps from now (a step already used is refused). */
const totp = (secret: string, ahead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 });

async function postJson(baseUrl: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { data: Record<string, unknown> | null };
}

/** The Owner's session through the API, the second step with a recovery code. */
async function signInWithRecovery(
  baseUrl: string,
  admin: { email: string; password: string },
  code: string,
) {
  const first = await postJson(baseUrl, 'login', {
    ...admin,
    user_type: 'Admin',
    device_type: 'Web',
  });
  if (typeof first.data?.token === 'string') return first.data.token;
  const second = await postJson(baseUrl, 'login-2fa', { challenge: first.data?.challenge, code });
  return typeof second.data?.token === 'string' ? second.data.token : null;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /logout|yes/i })
    .click();
  await page.waitForURL('**/login');
}

async function openSettings(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: entry }).click();
  // The pointer leaves the link: the page is checked as it reads, not hovered.
  await page.mouse.move(700, 5);
}

describe('a team at the desk', () => {
  const walk = describeWalks();

  walk(
    'an Owner invites a Support colleague who signs in without approval buttons; the Owner turns on two-factor; the audit log shows it',
    async ({ page, baseUrl, admin, allowConsoleError }) => {
      allowConsoleError(HTTP_4XX_LOG);
      allowConsoleError(HTTP_401_LOG);
      const colleague = {
        email: `support-${Date.now()}@cabdesk.test`,
        name: 'Sam Support',
        password: 'walk-Support-Pass-2024',
      };
      let ownerToken: string | null = null;
      // Signs the Owner in again if the walk fails between turning two-factor on and the code step.
      let recoveryCode: string | null = null;
      // A second one confirms it is the Owner (step-up) before turning it off at the end.
      let stepUpCode: string | null = null;
      try {
        // The Owner invites a Support colleague from Settings -> Administrators.
        await page.goto('/login');
        await signInWithForm(page, admin.email, admin.password);
        await page.waitForURL((url) => url.pathname === '/');
        await openSettings(page, 'Administrators');
        await page.getByRole('heading', { name: 'Administrators' }).waitFor();
        await page.getByRole('button', { name: 'Invite' }).click();
        const dialog = page.getByRole('dialog', { name: 'Invite an administrator' });
        await dialog.getByLabel('E-mail').fill(colleague.email);
        await dialog.getByLabel('Role', { exact: true }).click();
        await page.getByRole('option', { name: 'Support' }).click();
        await toastAfter(page, 'The invitation has been sent.', () =>
          dialog.getByRole('button', { name: 'Send invitation' }).click(),
        );
        const row = page.getByRole('row').filter({ hasText: colleague.email });
        await row.getByText('Invited').waitFor();
        await signOut(page);

        // The colleague opens the e-mailed link, chooses a name and password, and is signed in
        // by it: no password typed a third time.
        await page.goto(await inviteLinkFor(colleague.email));
        await page.getByRole('heading', { name: 'Join Cabdesk' }).waitFor();
        await page.getByLabel('Full name').fill(colleague.name);
        await page.getByLabel('New Password', { exact: true }).fill(colleague.password);
        await page.getByLabel('Confirm Password', { exact: true }).fill(colleague.password);
        await page.getByRole('button', { name: 'Accept invitation' }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await page.getByText('Welcome to Cabdesk. You are signed in.').waitFor();
        await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

        // Support reads companies but may not decide on them: badges, no buttons; no team pages.
        await page.goto('/company');
        await page.getByTestId('approval-badge').first().waitFor();
        expect(await page.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
        expect(await page.getByRole('button', { name: /^Reject/ }).count()).toBe(0);
        await page.getByRole('button', { name: 'Settings' }).click();
        await page.getByRole('link', { name: 'Coupon' }).waitFor();
        expect(await page.getByRole('link', { name: 'Administrators' }).count()).toBe(0);
        expect(await page.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
        await signOut(page);

        // The Owner turns on two-factor sign-in in My Profile.
        await signInWithForm(page, admin.email, admin.password);
        await page.waitForURL((url) => url.pathname === '/');
        await openSettings(page, 'Profile');
        await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
        const secret = (await page.getByTestId('totp-secret').innerText()).trim();
        await page.getByLabel('Code').fill(await totp(secret));
        await page.getByRole('button', { name: 'Turn on' }).click();
        await page.getByText('Two-factor sign-in is on', { exact: true }).waitFor();
        const codes = page.getByTestId('recovery-codes').locator('code');
        expect(await codes.count()).toBe(10);
        recoveryCode = await codes.first().innerText();
        stepUpCode = await codes.nth(1).innerText();
        await page.getByRole('button', { name: 'Done' }).click();
        await page
          .getByText('Every sign-in asks for a code from your authenticator app.')
          .waitFor();
        await signOut(page);

        // The password alone no longer signs in: a code of the next time step does.
        await signInWithForm(page, admin.email, admin.password);
        const code = page.getByLabel('Code');
        await code.waitFor();
        expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
        await code.fill(await totp(secret, 1));
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.waitForURL((url) => url.pathname === '/');
        ownerToken = await page.evaluate(() => localStorage.getItem('access_token'));

        // The audit log shows all of it, newest first.
        await openSettings(page, 'Audit log');
        await page.getByRole('heading', { name: 'Audit log' }).waitFor();
        const log = page.getByRole('table');
        for (const action of [
          'Invited an administrator',
          'Accepted an invitation',
          'Turned on two-factor sign-in',
          'Signed in',
        ]) {
          await log.getByText(action, { exact: true }).first().waitFor();
        }
        await log.getByText(colleague.name).first().waitFor();
        // Filtered by action: only invitations.
        await page.getByRole('combobox', { name: 'Action' }).click();
        await page.getByRole('option', { name: 'Invited an administrator' }).click();
        await expect.poll(() => log.getByText('Signed in', { exact: true }).count()).toBe(0);
        await log.getByText('Invited an administrator', { exact: true }).first().waitFor();

        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto('/audit-log');
        await page.getByRole('heading', { name: 'Audit log' }).waitFor();
        // A phone shows the entries as cards.
        const cards = page.getByRole('list', { name: 'Audit log' });
        await cards.getByText('Signed in', { exact: true }).first().waitFor();
        await page.goto('/administrators');
        await page.getByRole('listitem').filter({ hasText: colleague.email }).waitFor();
      } finally {
        // The other walks sign in as this Owner with the password alone.
        if (!ownerToken && recoveryCode)
          ownerToken = await signInWithRecovery(baseUrl, admin, recoveryCode);
        if (ownerToken && stepUpCode) {
          const post = (path: string, body: object) =>
            fetch(`${baseUrl}${API}${path}`, {
              method: 'POST',
              headers: {
                authorization: `Bearer ${ownerToken}`,
                'content-type': 'application/json',
                accept: 'application/json',
              },
              body: JSON.stringify(body),
            });
          // Turning a second factor off asks for the password and a code again.
          const stepUp = await post('step-up', { password: admin.password, code: stepUpCode });
          expect(stepUp.status).toBe(200);
          expect((await post('totp-disable', {})).status).toBe(200);
        }
      }
    },
    180_000,
  );
});
