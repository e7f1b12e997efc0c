import { expect } from 'vitest';
import { API, walkServer } from './browser';
import { readMails } from './mail-sink';

/** The body of an e-mail as text: quoted-printable soft breaks and escapes undone. */
const decoded = (mail: string) =>
  mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** Waits for the invitation e-mail to `to` and answers its link. */
export async function inviteLinkFor(to: string) {
  const { mailDir } = walkServer();
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = readMails(mailDir)
      .map(decoded)
      .find((m) => m.toLowerCase().includes(`to: ${to.toLowerCase()}`));
    if (mail) {
      expect(mail).toMatch(/^Subject: You are invited to Cabdesk/m);
      const match = /(https?:\/\/\S+\/accept-invite#[\w-]+)/.exec(mail);
      if (!match) throw new Error(`no link in the e-mail:\n${mail.slice(0, 800)}`);
      return match[1]!;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} reached the test SMTP server in ${mailDir}`);
}

async function post<T>(baseUrl: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${API}${path}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { message: string; data: T };
  expect(response.status, `${path}: ${json.message}`).toBe(200);
  return json.data;
}

/**
 * Another administrator with `role`, invited by the Owner of `ownerToken` and
 * signed up through the API (a fresh e-mail address each time), with a session.
 */
export async function colleague(
  baseUrl: string,
  ownerToken: string,
  role: 'Owner' | 'Operator' | 'Support' | 'Finance',
) {
  const email = `${role.toLowerCase()}-${Date.now()}@cabdesk.test`;
  const password = 'colleague-Pass-2024';
  await post(baseUrl, 'admin-invite', { email, role }, ownerToken);
  const token = new URL(await inviteLinkFor(email)).hash.slice(1);
  await post(baseUrl, 'invite-accept', {
    token,
    name: `${role} Colleague`,
    password,
    confirm_password: password,
  });
  const session = await post<{ token: string }>(baseUrl, 'login', {
    email,
    password,
    user_type: 'Admin',
    device_token: '',
    device_type: 'Web',
  });
  return { email, password, token: session.token };
}
