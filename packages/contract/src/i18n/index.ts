import { AR_MESSAGES } from './ar';
import { ES_MESSAGES } from './es';

/**
 * The languages the app offers. English is the source: its text is the
 * message itself (SPEC's exact strings). The API answers its messages in
 * those of them that have a catalogue below: Spanish (`es`) and Arabic
 * (`ar`), and a language added later without one in English (saying so in
 * Content-Language).
 */
export const LANGUAGES = ['en', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The messages of the web client itself (SPEC 8), which the server never sends. */
export const CLIENT_MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  internalServerError: 'Internal server Error',
} as const;

/** English message -> its text in each other language that has its messages translated. */
export type MessageCatalogue = Readonly<Record<string, string>>;
export const MESSAGE_CATALOGUES: { es: MessageCatalogue; ar: MessageCatalogue } & Partial<
  Record<Exclude<Language, 'en'>, MessageCatalogue>
> = { es: ES_MESSAGES, ar: AR_MESSAGES };

/**
 * The catalogue of one language, loaded when asked for: the web app's first
 * download carries no catalogue, and one language's only once it is chosen
 * (the server reads MESSAGE_CATALOGUES). Undefined for English and a language
 * without one.
 */
export async function loadMessageCatalogue(
  language: Language,
): Promise<MessageCatalogue | undefined> {
  if (language === 'es') return (await import('./es')).ES_MESSAGES;
  if (language === 'ar') return (await import('./ar')).AR_MESSAGES;
  return undefined;
}

/** English, and the languages whose messages are translated. */
const hasMessages = (language: Language) =>
  language === DEFAULT_LANGUAGE || MESSAGE_CATALOGUES[language] !== undefined;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** `'es-MX'` -> `'es'`; anything not offered -> undefined. */
export function languageOf(tag: string | null | undefined): Language | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/**
 * The language an `Accept-Language` header prefers among those the API's
 * messages are written in (RFC 9110 quality values; ties keep the header's
 * order), English when it names none of them.
 */
export function negotiateLanguage(header: string | string[] | null | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { language: Language; q: number } | undefined;
  for (const part of value.split(',')) {
    const [tag, ...params] = part.split(';');
    const language = languageOf(tag);
    if (!language || !hasMessages(language)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}

interface Template {
  pattern: RegExp;
  names: string[];
  text: string;
}

const templateCache = new WeakMap<object, Template[]>();
const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The catalogue's keys with `{name}` placeholders, as patterns, longest first. */
function templatesOf(catalogue: Readonly<Record<string, string>>): Template[] {
  let templates = templateCache.get(catalogue);
  if (!templates) {
    templates = Object.entries(catalogue)
      .filter(([english]) => /\{\w+\}/.test(english))
      .sort(([a], [b]) => b.length - a.length)
      .map(([english, text]) => {
        const names: string[] = [];
        const source = english
          .split(PLACEHOLDER)
          .map((piece, index) => {
            // split() with a capture group puts the placeholder names at odd indexes.
            if (index % 2 === 1) {
              names.push(piece);
              return '(.+?)';
            }
            return escapeRegExp(piece);
          })
          .join('');
        return { pattern: new RegExp(`^${source}$`, 's'), names, text };
      });
    templateCache.set(catalogue, templates);
  }
  return templates;
}

/**
 * A message in `language`: its catalogue entry, or the template it was built
 * from with its values (themselves translated) put back. English, a language
 * not offered, and a message the catalogue does not know come back unchanged.
 */
export function localizeMessage(message: string, language: string | null | undefined): string {
  const lang = languageOf(language);
  const catalogue = lang === undefined || lang === 'en' ? undefined : MESSAGE_CATALOGUES[lang];
  return catalogue ? lookUp(message, catalogue, 0) : message;
}

/** `localizeMessage` with the catalogue given (one from `loadMessageCatalogue`). */
export const localizeWith = (message: string, catalogue: MessageCatalogue): string =>
  lookUp(message, catalogue, 0);

function lookUp(
  message: string,
  catalogue: Readonly<Record<string, string>>,
  depth: number,
): string {
  if (Object.hasOwn(catalogue, message)) return catalogue[message] as string;
  if (depth > 2) return message;
  for (const template of templatesOf(catalogue)) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values = new Map<string, string>(
      template.names.map((name, i) => [name, lookUp(match[i + 1] ?? '', catalogue, depth + 1)]),
    );
    return template.text.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
  }
  return message;
}
