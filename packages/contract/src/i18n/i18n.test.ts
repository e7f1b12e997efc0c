import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contract from '../index';
import { AR_MESSAGES } from './ar';
import { ES_MESSAGES } from './es';
import { loadMessageCatalogue, localizeMessage, localizeWith, negotiateLanguage } from './index';
import { catalogueCovers, scanMessages } from './scan-messages';

const contractSrc = fileURLToPath(new URL('..', import.meta.url));

/** Every string of every `*_MESSAGES` constant the contract exports. */
function exportedMessages() {
  const messages: { name: string; text: string }[] = [];
  for (const [exportName, value] of Object.entries(contract)) {
    if (!exportName.endsWith('_MESSAGES') || typeof value !== 'object' || value === null) continue;
    for (const [key, text] of Object.entries(value)) {
      if (typeof text === 'string') messages.push({ name: `${exportName}.${key}`, text });
    }
  }
  return messages;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const CATALOGUES = [
  ['Spanish', 'es', ES_MESSAGES],
  ['Arabic', 'ar', AR_MESSAGES],
] as const;

describe.each(CATALOGUES)('the %s message catalogue', (_name, language, catalogue) => {
  it('has an entry for every message constant the contract exports', () => {
    const messages = exportedMessages();
    // The constants exist (a rename of the convention would empty this test).
    expect(messages.length).toBeGreaterThan(60);
    // An entry of its own, or the template it is built from.
    const missing = messages.filter(({ text }) => localizeMessage(text, language) === text);
    expect(missing).toEqual([]);
  });

  it('has an entry for every message written in the contract (zod errors included)', () => {
    const found = scanMessages(contractSrc, (path) => path.includes('/i18n'));
    expect(found.map((m) => m.text)).toContain('Please enter your valid email ID.');
    expect(found.map((m) => m.text)).toContain('per_page must be at most {}.');
    const missing = found.filter((message) => !catalogueCovers(catalogue, message));
    expect(missing).toEqual([]);
  });

  it('keeps the placeholders of each template and translates every entry', () => {
    for (const [english, translated] of Object.entries(catalogue)) {
      expect(placeholders(translated), english).toEqual(placeholders(english));
      expect(translated.trim(), english).not.toBe('');
    }
  });

  it('has the same English keys as every other catalogue', () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(ES_MESSAGES).sort());
  });
});

describe('localizeMessage', () => {
  it('leaves English byte-identical, and anything for a language not offered', () => {
    for (const { text } of exportedMessages()) {
      expect(localizeMessage(text, 'en')).toBe(text);
      expect(localizeMessage(text, 'fr')).toBe(text);
      expect(localizeMessage(text, undefined)).toBe(text);
    }
    expect(localizeMessage(contract.ACCOUNT_MESSAGES.phoneInvalid, 'en')).toBe(
      'Please enter valid 10 digit mobile number ',
    );
  });

  it('answers Spanish for es and its regional variants', () => {
    expect(localizeMessage('Invalid email or password.', 'es')).toBe(
      'Correo electrónico o contraseña incorrectos.',
    );
    expect(localizeMessage('Please provide a email.', 'es-MX')).toBe(
      'Introduce un correo electrónico.',
    );
  });

  it('fills templates, translating the values put into them', () => {
    const wait = contract.ACCOUNT_MESSAGES.loginLocked.replace('{wait}', contract.waitText(720));
    expect(wait).toBe('Too many failed sign-in attempts. Please try again in 12 minutes.');
    expect(localizeMessage(wait, 'es')).toBe(
      'Demasiados intentos fallidos de inicio de sesión. Vuelve a intentarlo dentro de 12 minutos.',
    );
    expect(
      localizeMessage(
        contract.ACCOUNT_MESSAGES.changePasswordLocked.replace('{wait}', contract.waitText(60)),
        'es',
      ),
    ).toBe('Demasiadas contraseñas incorrectas. Vuelve a intentarlo dentro de 1 minuto.');
    expect(
      localizeMessage(contract.ACCOUNT_MESSAGES.otpResendWait.replace('{seconds}', '42'), 'es'),
    ).toBe('Espera 42 segundos antes de pedir un código nuevo.');
    expect([59, 61, 7200, 7201, 172_800, 2_592_000].map(contract.waitText)).toEqual([
      '59 seconds',
      '2 minutes',
      '120 minutes',
      '3 hours',
      '48 hours',
      '30 days',
    ]);
    expect(
      localizeMessage(
        contract.ACCOUNT_MESSAGES.otpGuessedWait.replace('{wait}', contract.waitText(2_592_000)),
        'es',
      ),
    ).toBe(
      'Se introdujeron códigos incorrectos para este correo electrónico. Espera 30 días antes de pedir un código nuevo.',
    );
    expect(
      localizeMessage(
        'Only a Pending record can be approved or rejected. This one is already Approved.',
        'es',
      ),
    ).toBe('Solo se puede aprobar o rechazar un registro pendiente. Este ya está aprobado.');
    expect(localizeMessage('per_page must be at most 100.', 'es')).toBe(
      'per_page debe ser como máximo 100.',
    );
    expect(localizeMessage('Route GET /taxi-service/admin/nope not found.', 'es')).toBe(
      'No existe la ruta GET /taxi-service/admin/nope.',
    );
  });

  it('answers Arabic for ar and its regional variants, filling templates', () => {
    expect(localizeMessage('Invalid email or password.', 'ar')).toBe(
      'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    );
    expect(localizeMessage('Please provide a email.', 'ar-EG')).toBe(
      'يُرجى إدخال البريد الإلكتروني.',
    );
    const wait = contract.ACCOUNT_MESSAGES.loginLocked.replace('{wait}', contract.waitText(720));
    expect(localizeMessage(wait, 'ar')).toBe(
      'محاولات تسجيل دخول فاشلة كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد 12 دقيقة.',
    );
    expect(
      localizeMessage(
        contract.ACCOUNT_MESSAGES.changePasswordLocked.replace('{wait}', contract.waitText(60)),
        'ar',
      ),
    ).toBe('كلمات مرور خاطئة كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد دقيقة واحدة.');
    expect(
      localizeMessage(
        'Only a Pending record can be approved or rejected. This one is already Approved.',
        'ar',
      ),
    ).toBe('لا يمكن قبول سجل أو رفضه إلا إذا كان قيد الانتظار، وهذا السجل مقبول بالفعل.');
    expect(
      localizeMessage(
        'Only a Pending or Accepted trip can be cancelled. This one is Completed.',
        'ar',
      ),
    ).toBe('لا يمكن إلغاء رحلة إلا إذا كانت قيد الانتظار أو مقبولة، وهذه الرحلة مكتملة.');
    expect(localizeMessage('per_page must be at most 100.', 'ar')).toBe(
      'يجب ألا يتجاوز per_page القيمة 100.',
    );
    expect(localizeMessage('Route GET /taxi-service/admin/nope not found.', 'ar')).toBe(
      'المسار GET /taxi-service/admin/nope غير موجود.',
    );
  });

  it('returns a message it does not know unchanged', () => {
    expect(localizeMessage('Already in Spanish: ¡hola!', 'es')).toBe('Already in Spanish: ¡hola!');
    expect(localizeMessage('Correo electrónico o contraseña incorrectos.', 'es')).toBe(
      'Correo electrónico o contraseña incorrectos.',
    );
  });
});

describe('loadMessageCatalogue', () => {
  it("loads a language's catalogue when asked, the server's own, and none for English", async () => {
    expect(await loadMessageCatalogue('es')).toBe(ES_MESSAGES);
    expect(await loadMessageCatalogue('ar')).toBe(AR_MESSAGES);
    expect(await loadMessageCatalogue('en')).toBeUndefined();
  });

  it('translates with the catalogue loaded as localizeMessage does', async () => {
    const spanish = await loadMessageCatalogue('es');
    expect(spanish).toBeDefined();
    const message = 'per_page must be at most 50.';
    expect(localizeWith(message, spanish!)).toBe('per_page debe ser como máximo 50.');
    expect(localizeWith(message, spanish!)).toBe(localizeMessage(message, 'es'));
  });
});

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-ES,es;q=0.9', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['es;q=0.8, en;q=0.9', 'en'],
    ['fr-FR, es;q=0.5', 'es'],
    ['fr, de', 'en'],
    ['es;q=0', 'en'],
    ['*', 'en'],
    [['es', 'en'], 'es'],
    // Arabic has its catalogue too.
    ['ar', 'ar'],
    ['ar-EG, es;q=0.5', 'ar'],
    ['es, ar;q=0.9', 'es'],
    ['en;q=0.5, ar-SA;q=0.8', 'ar'],
  ])('%j -> %s', (header, language) => {
    expect(negotiateLanguage(header)).toBe(language);
  });
});
