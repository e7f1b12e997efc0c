import { AUDIT_ACTIONS, AUDIT_RECORD_KINDS, LANGUAGES } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';

/**
 * The translation files against each other and against the code: no key
 * missing from a language, no key no code uses, no key used that no file has.
 */

const FILES = import.meta.glob<string>('/public/locales/*/translation.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const SOURCES = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Keys the code builds from a value, e.g. t(`rideStatus.${status}`): every
 * key under these prefixes counts as used. A new dynamic key must be added
 * here, and a prefix no code builds any more fails the test.
 */
const DYNAMIC_PREFIXES = [
  'activeStatus.',
  'admins.statuses.',
  'approval.',
  'audit.actions.',
  'audit.fields.',
  'audit.people.',
  'audit.tables.',
  'audit.values.',
  'bulk.actions.',
  'bulk.title.',
  'cases.activity.',
  'cases.complaintType.',
  'cases.kinds.',
  'cases.move.',
  'cases.outcomes.',
  'cases.ratedBy.',
  'cases.side.',
  'cases.status.',
  'cases.timer.left.',
  'cases.timer.overdue.',
  'palette.kinds.',
  'live.states.',
  'notifications.kinds.',
  'notificationTexts.',
  'notificationTexts.documents.',
  'notificationTexts.records.',
  'dashboard.waiting.',
  'documents.field.',
  'documents.kind.',
  'documents.window.',
  'filters.presets.',
  'gender.',
  'integrations.import.kinds.',
  'integrations.scopeHints.',
  'languages.',
  'liveAlerts.kind.',
  'paymentMethods.',
  'payouts.kinds.',
  'payouts.states.',
  'payouts.statuses.',
  'reasons.',
  'refunds.kinds.',
  'refunds.statuses.',
  'review.decided.',
  'review.kind.',
  'review.kinds.',
  'review.name.',
  'rideStatus.',
  'rides.flags.',
  'rides.timeline.events.',
  'roles.',
  'statements.kinds.',
  'statements.periods.',
  'statements.statementOf.',
  'webhooks.statuses.',
  'webhooks.types.',
];

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const files = Object.fromEntries(
  Object.entries(FILES).map(([path, text]) => [path.split('/')[3], text]),
) as Record<string, string>;
const translations = Object.fromEntries(
  Object.entries(files).map(([language, text]) => [language, JSON.parse(text) as Json]),
);

/** Leaf paths (`a.b.0.c`) -> text. */
function leaves(value: Json, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, text] of leaves(child, `${prefix}${key}.`)) out.set(path, text);
    }
  } else {
    out.set(prefix.slice(0, -1), String(value));
  }
  return out;
}

/** Paths of the objects (not leaves): a key given to t(…, { returnObjects: true }). */
function branches(value: Json, prefix = '', out = new Set<string>()): Set<string> {
  if (value !== null && typeof value === 'object') {
    if (prefix) out.add(prefix.slice(0, -1));
    for (const [key, child] of Object.entries(value)) branches(child, `${prefix}${key}.`, out);
  }
  return out;
}

/** The duplicate keys of one object level in JSON text (JSON.parse keeps the last silently). */
function duplicateKeys(text: string): string[] {
  const duplicates: string[] = [];
  const stack: { keys: Set<string> | null }[] = [];
  const token = /"(?:[^"\\]|\\.)*"(\s*:)?|[{}[\]]/g;
  for (const match of text.matchAll(token)) {
    const [whole, colon] = match;
    if (whole === '{') stack.push({ keys: new Set() });
    else if (whole === '[') stack.push({ keys: null });
    else if (whole === '}' || whole === ']') stack.pop();
    else if (colon) {
      const key = JSON.parse(whole.slice(0, whole.lastIndexOf('"') + 1)) as string;
      const level = stack.at(-1)?.keys;
      if (level?.has(key)) duplicates.push(key);
      level?.add(key);
    }
  }
  return duplicates;
}

const variables = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|<(\/?\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

/**
 * A plural key is written once per plural form of its language (i18next:
 * `trip_one`, `trip_other`; Spanish adds `_many`); the code asks for `trip`.
 */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
const baseOf = (key: string) => key.replace(PLURAL_FORM, '');
const basesOf = (keys: Iterable<string>) => new Set([...keys].map(baseOf));

const en = leaves(translations.en as Json);
const enBranches = branches(translations.en as Json);
const source = Object.values(SOURCES).join('\n');

/** Every quoted dotted name in the code, e.g. 'nav.dashboard', "policyText.user". */
const literals = new Set(
  [...source.matchAll(/['"`]([A-Za-z]\w*(?:\.\w+)+)['"`]/g)].map((m) => m[1] as string),
);
/** Every key prefix the code completes with a value: `rideStatus.${…}`. */
const dynamicPrefixes = new Set(
  [...source.matchAll(/`([A-Za-z]\w*(?:\.\w+)*\.)\$\{/g)].map((m) => m[1] as string),
);
/** The keys given to t() as plain strings. */
const calledKeys = new Set(
  [...source.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1] as string),
);
const topLevel = new Set(Object.keys(translations.en as object));

describe('translation files', () => {
  it('exist for every language offered, and parse', () => {
    expect(Object.keys(files).sort()).toEqual([...LANGUAGES].sort());
    expect(en.size).toBeGreaterThan(300);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every English key and no other', (lang) => {
    const other = basesOf(leaves(translations[lang] as Json).keys());
    const english = basesOf(en.keys());
    expect(
      [...english].filter((key) => !other.has(key)),
      'missing',
    ).toEqual([]);
    expect(
      [...other].filter((key) => !english.has(key)),
      'not in English',
    ).toEqual([]);
  });

  it.each(LANGUAGES)('%s writes each plural key in every form the language has', (lang) => {
    const keys = [...leaves(translations[lang] as Json).keys()];
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const plurals = basesOf(keys.filter((key) => PLURAL_FORM.test(key)));
    expect(plurals.size).toBeGreaterThan(0);
    for (const base of plurals) {
      expect(
        forms.filter((form) => !keys.includes(`${base}_${form}`)),
        `${lang}: ${base}`,
      ).toEqual([]);
    }
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s keeps the variables and tags of each English text',
    (lang) => {
      const other = leaves(translations[lang] as Json);
      for (const [key, text] of en) {
        const translated = other.get(key);
        if (translated === undefined) continue;
        expect(variables(translated), key).toEqual(variables(text));
        expect(translated.trim() === '', key).toBe(text.trim() === '');
      }
    },
  );

  it.each(LANGUAGES)('%s has no key twice in one object', (lang) => {
    expect(duplicateKeys(files[lang] as string)).toEqual([]);
  });
});

describe('translation keys and the code', () => {
  const used = (key: string) =>
    literals.has(key) ||
    literals.has(baseOf(key)) ||
    [...literals].some((literal) => enBranches.has(literal) && key.startsWith(`${literal}.`)) ||
    DYNAMIC_PREFIXES.some((prefix) => key.startsWith(prefix));

  it('finds the keys in the code (the scan itself works)', () => {
    expect(calledKeys).toContain('dashboard.title');
    expect(dynamicPrefixes).toContain('rideStatus.');
  });

  it('uses every key of the English file', () => {
    expect([...en.keys()].filter((key) => !used(key))).toEqual([]);
  });

  it('declares every key the code builds from a value, and only those', () => {
    expect(
      [...dynamicPrefixes].filter((p) => topLevel.has(p.split('.')[0] as string)).sort(),
    ).toEqual([...DYNAMIC_PREFIXES].sort());
  });

  it('has every key the code asks for', () => {
    const enBases = basesOf(en.keys());
    const known = (key: string) => en.has(key) || enBases.has(key) || enBranches.has(key);
    expect(
      [...calledKeys].filter((key) => !known(key)),
      't() keys',
    ).toEqual([]);
    // Keys kept in data (nav items, policy names): any quoted name in a translation namespace.
    expect(
      [...literals].filter((key) => topLevel.has(key.split('.')[0] as string) && !known(key)),
      'quoted keys',
    ).toEqual([]);
  });

  it('names each action and record kind of the audit log once, each differently, in every language', () => {
    for (const language of LANGUAGES) {
      const texts = leaves(translations[language]!);
      for (const [prefix, keys] of [
        ['audit.actions.', AUDIT_ACTIONS],
        ['audit.tables.', AUDIT_RECORD_KINDS],
      ] as const) {
        const names = keys.map((key) => texts.get(`${prefix}${key}`));
        expect(names, `${language} ${prefix}`).not.toContain(undefined);
        expect(new Set(names).size, `${language} ${prefix}: two with one name`).toBe(names.length);
      }
    }
  });
});
