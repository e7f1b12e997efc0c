import type {} from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  API,
  callApi,
  describeWalks,
  walkServer,
  HTTP_401_LOG,
  signInByApi,
  signInWithForm,
  storageOf,
  toast,
  toastAfter,
} from '../support/browser';
import { readMails } from '../support/mail-sink';

const { mailDir } = walkServer();

/** The browser logs every 4xx answer of a fetch; walks that expect one allow it. */
const HTTP_4XX_LOG = /Failed to load resource: the server responded with a status of 4\d\d/;

async function postApi(baseUrl: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${API}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function apiSignIn(baseUrl: string, email: string, password: string) {
  const res = await postApi(baseUrl, 'login', {
    email,
    password,
    user_type: 'Admin',
    device_type: 'Web',
  });
  return res.status === 200 ? (res.body.data as { token: string }).token : null;
}

/** Puts the shared administrator's password back, so the other walks can sign in. */
async function restorePassword(
  baseUrl: string,
  admin: { email: string; password: string },
  current: string,
) {
  const token = await apiSignIn(baseUrl, admin.email, current);
  if (!token) return; // Never changed (the walk failed before), or already restored.
  const res = await postApi(
    baseUrl,
    'changePassword',
    { password: current, new_password: admin.password, confirm_password: admin.password },
    token,
  );
  expect(res.status).toBe(200);
}

/** Waits for the e-mail after the first `before` and returns its code. */
async function codeFromMail(before: number, to: string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = readMails(mailDir).slice(before);
    const mail = mails.find((m) => m.toLowerCase().includes(`to: ${to.toLowerCase()}`));
    if (mail) {
      expect(mail).toMatch(/^Subject: Your Cabdesk password reset code/m);
      const match = /Your code is: (\d{5})/.exec(mail);
      if (!match) throw new Error(`no code in the e-mail:\n${mail.slice(0, 800)}`);
      return match[1]!;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} reached the test SMTP server in ${mailDir}`);
}

describe('account recovery, profile and password', () => {
  const walk = describeWalks();

  walk(
    'forgot password: e-mailed code pasted into the 5 boxes, a new password, and sign-in with it',
    async ({ page, baseUrl, admin, allowConsoleError }) => {
      allowConsoleError(HTTP_4XX_LOG);
      const NEW_PASSWORD = 'walk-Reset-Pass-2024';
      try {
        await page.goto('/login');
        await page.getByRole('link', { name: 'Forgot Password' }).click();
        await page.waitForURL('**/forgot-password');
        await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();

        const before = readMails(mailDir).length;
        await page.getByLabel('Email').fill(admin.email);
        await page.getByRole('button', { name: 'Next' }).click();
        await page.waitForURL('**/otp');
        await toast(page, 'a code has been sent').waitFor();
        await page.getByRole('heading', { name: 'OTP Verification' }).waitFor();
        await page.getByText(admin.email).waitFor();

        const code = await codeFromMail(before, admin.email);
        // Pasted whole, as a person copies it from the e-mail.
        await page.getByRole('textbox', { name: 'Digit 1 of 5' }).click();
        await page.keyboard.insertText(code);
        await page.getByRole('button', { name: 'Submit' }).click();

        await page.waitForURL('**/change-password');
        await page.getByRole('heading', { name: 'Change Password' }).waitFor();
        await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
        await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
        await page.getByRole('button', { name: 'Submit' }).click();

        await page.waitForURL('**/login');
        await toast(page, 'Your password has been changed. Please sign in with it.').waitFor();
        expect(await storageOf(page)).not.toHaveProperty('access_token');

        // The old password is gone; the new one signs in.
        expect(await apiSignIn(baseUrl, admin.email, admin.password)).toBeNull();
        await signInWithForm(page, admin.email, NEW_PASSWORD);
        await page.waitForURL((url) => url.pathname === '/');
        await toast(page, 'Login successfully.').waitFor();
      } finally {
        await restorePassword(baseUrl, admin, NEW_PASSWORD);
      }
      expect(await apiSignIn(baseUrl, admin.email, admin.password)).not.toBeNull();
    },
    120_000,
  );

  walk('a signed-in admin is sent from /otp to the dashboard', async ({ page, baseUrl, admin }) => {
    await signInByApi(page, baseUrl, admin, '/otp');
    await page.waitForURL((url) => url.pathname === '/');
  });

  walk(
    'my profile: the detail card saves name and phone, kept after a reload',
    async ({ page, baseUrl, admin }) => {
      const token = await signInByApi(page, baseUrl, admin, '/my-profile');
      const original = (await callApi(baseUrl, 'getProfile', token)).body as {
        data: { name: string; phone: string | null };
      };
      try {
        await page.getByRole('heading', { name: 'My Profile' }).waitFor();
        const name = page.getByLabel('Full Name');
        const phone = page.getByLabel('Phone No.');
        await name.waitFor();
        expect(await name.inputValue()).toBe(original.data.name);

        const detail = page.locator('form', { has: page.getByLabel('Full Name') });
        await name.fill('Walk Admin');
        await phone.fill('5551234567');
        await toastAfter(page, 'Profile updated successfully.', () =>
          detail.getByRole('button', { name: 'Update' }).click(),
        );
        const after = (await callApi(baseUrl, 'getProfile', token)).body as {
          data: { name: string; phone: string };
        };
        expect(after.data).toMatchObject({ name: 'Walk Admin', phone: '5551234567' });

        await page.reload();
        await page.getByLabel('Full Name').waitFor();
        expect(await page.getByLabel('Full Name').inputValue()).toBe('Walk Admin');
        expect(await page.getByLabel('Phone No.').inputValue()).toBe('5551234567');
      } finally {
        await postApi(
          baseUrl,
          'updateProfile',
          { name: original.data.name, phone: original.data.phone ?? '5550000000' },
          token,
        );
      }
    },
  );

  walk(
    'my profile: the change-password card signs the admin out everywhere',
    async ({ page, baseUrl, admin, allowConsoleError }) => {
      allowConsoleError(HTTP_401_LOG);
      const NEW_PASSWORD = 'walk-Changed-Pass-2024';
      try {
        const otherSession = await apiSignIn(baseUrl, admin.email, admin.password);
        expect(otherSession).not.toBeNull();
        await signInByApi(page, baseUrl, admin, '/my-profile');
        await page.getByRole('heading', { name: 'My Profile' }).waitFor();
        await page.getByLabel('Full Name').waitFor();

        const card = page.locator('form', {
          has: page.getByRole('heading', { name: 'Change Password' }),
        });
        await card.getByRole('button', { name: 'Change Password' }).click();
        await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
        await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
        await page.getByLabel('Current Password', { exact: true }).fill(admin.password);
        await card.getByRole('button', { name: 'Update' }).click();
        await page.waitForURL('**/login');
        await toast(page, 'Your password has been changed. Please sign in again.').waitFor();
        expect(await storageOf(page)).toEqual({});

        // Signed out everywhere: the other session is dead too.
        expect((await callApi(baseUrl, 'getProfile', otherSession!)).status).toBe(401);
        await signInWithForm(page, admin.email, NEW_PASSWORD);
        await page.waitForURL((url) => url.pathname === '/');
      } finally {
        await restorePassword(baseUrl, admin, NEW_PASSWORD);
      }
      expect(await apiSignIn(baseUrl, admin.email, admin.password)).not.toBeNull();
    },
    90_000,
  );
});
