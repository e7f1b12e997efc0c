import { fileURLToPath } from 'node:url';
import {
  approvalUser,
  dashboard,
  login as loginEndpoint,
  MESSAGE_CATALOGUES,
  urlOf,
} from '@cabdesk/contract';
import { catalogueCovers, scanMessages } from '@cabdesk/contract/scan-messages';
import { describe, expect, it } from 'vitest';
import { ADMIN, api, bearer, buildTestApp, createAdmin, signIn } from '../../test/helper';
import { createCompany } from '../../test/builders';

const apiSrc = fileURLToPath(new URL('..', import.meta.url));

/**
 * Text in the API that is not an envelope message: seed data, the e-mail
 * body, the one-time console note at first start, the server commands' and
 * the simulator's terminal output (the simulator is a client of the API), the
 * API reference's descriptions, and the notifications' own content (records,
 * shown as data).
 */
const NOT_MESSAGES = [
  '/seed/',
  '/bootstrap.ts',
  '/admin-cli.ts',
  '/commands/',
  '/simulation/',
  '/lib/openapi.ts',
  '/modules/auth/otp-mail.ts',
  '/modules/auth/two-factor-mail.ts',
  '/modules/admins/invite-mail.ts',
  '/lib/notify.ts',
];

const login = (body: object, language?: string) => ({
  method: 'POST' as const,
  url: urlOf(loginEndpoint),
  payload: body,
  headers: language ? { 'accept-language': language } : {},
});

describe('the API speaks the language of Accept-Language', () => {
  it.each(['es', 'ar'] as const)(
    'has an entry in the %s catalogue for every message written in an API module',
    (language) => {
      const found = scanMessages(apiSrc, (path) =>
        NOT_MESSAGES.some((part) => path.includes(part)),
      );
      expect(found.map((m) => m.text)).toContain('Transactions fetched successfully.');
      const missing = found.filter(
        (message) => !catalogueCovers(MESSAGE_CATALOGUES[language], message),
      );
      expect(missing).toEqual([]);
    },
  );

  it('answers a refused sign-in in Spanish for es, Arabic for ar, SPEC English otherwise', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const wrong = { ...ADMIN, password: 'not the password' };

    const spanish = await app.inject(login(wrong, 'es-ES,es;q=0.9,en;q=0.8'));
    expect(spanish.statusCode).toBe(401);
    expect(spanish.json()).toEqual({
      status: false,
      message: 'Correo electrónico o contraseña incorrectos.',
      data: null,
    });
    expect(spanish.headers['content-language']).toBe('es');
    expect(spanish.headers.vary).toMatch(/Accept-Language/i);

    for (const language of ['ar', 'ar-EG,ar;q=0.9,en;q=0.8']) {
      const arabic = await app.inject(login(wrong, language));
      expect(arabic.statusCode).toBe(401);
      expect(arabic.json()).toEqual({
        status: false,
        message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
        data: null,
      });
      expect(arabic.headers['content-language']).toBe('ar');
      expect(arabic.headers.vary).toMatch(/Accept-Language/i);
    }

    // A language the API has no catalogue for: English, and the header says so.
    for (const language of [undefined, 'en', 'fr-FR, de;q=0.5', 'en-US,en;q=0.9,es;q=0.5']) {
      const res = await app.inject(login(wrong, language));
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe('{"status":false,"message":"Invalid email or password.","data":null}');
      expect(res.headers['content-language']).toBe('en');
    }
  });

  it('translates validation messages and each field error', async () => {
    const { app } = await buildTestApp();

    const res = await app.inject(login({ email: '', password: '' }, 'es'));

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      message: 'Introduce un correo electrónico.',
      data: {
        errors: {
          email: 'Introduce un correo electrónico.',
          password: 'Introduce una contraseña.',
        },
      },
    });

    const english = await app.inject(login({ email: 'someone@', password: '' }, 'en'));
    expect(english.json()).toEqual({
      status: false,
      message: 'Please enter valid email.',
      data: {
        errors: { email: 'Please enter valid email.', password: 'Please enter a password.' },
      },
    });
  });

  it('translates a success message and leaves the data alone', async () => {
    const { app, database } = await buildTestApp();
    const admin = await createAdmin(database);

    const res = await app.inject(login({ ...ADMIN, user_type: 'Admin', device_type: 'Web' }, 'es'));

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Sesión iniciada correctamente.');
    expect(body.data.user).toMatchObject({ id: admin.id, name: 'Test Admin', email: ADMIN.email });
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('fills templates: a decided record, an unknown route', async () => {
    const { app, database } = await buildTestApp();
    await createAdmin(database);
    const token = await signIn(app);
    const company = await createCompany(database, { approval: 'Approved' });

    const decided = await app.inject({
      method: 'POST',
      url: urlOf(approvalUser),
      headers: { ...bearer(token), 'accept-language': 'es' },
      payload: { id: company.id, table: 'users', approval: 'Rejected' },
    });
    expect(decided.statusCode).toBe(409);
    expect(decided.json().message).toBe(
      'Solo se puede aprobar o rechazar un registro pendiente. Este ya está aprobado.',
    );

    const missing = await app.inject({
      method: 'GET',
      url: api('no-such-call'),
      headers: { 'accept-language': 'es' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No existe la ruta GET /taxi-service/admin/no-such-call.');
  });

  it('answers an expired session in Spanish', async () => {
    const { app } = await buildTestApp();
    const res = await app.inject({
      method: 'GET',
      url: urlOf(dashboard),
      headers: { ...bearer('not-a-token'), 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('No has iniciado sesión.');
  });

  it('translates validation messages and field errors into Arabic', async () => {
    const { app } = await buildTestApp();

    const res = await app.inject(login({ email: '', password: '' }, 'ar'));

    expect(res.statusCode).toBe(400);
    expect(res.headers['content-language']).toBe('ar');
    expect(res.json()).toEqual({
      status: false,
      message: 'يُرجى إدخال البريد الإلكتروني.',
      data: {
        errors: {
          email: 'يُرجى إدخال البريد الإلكتروني.',
          password: 'يُرجى إدخال كلمة المرور.',
        },
      },
    });
  });
});
