import type { Notification } from '@cabdesk/contract';
import type { TFunction } from 'i18next';
import { formatCount, formatDate } from '@/lib/format';
import { activeLanguage, i18n } from '@/lib/i18n';

/** A reason said inside a sentence: its own closing full stop left to the sentence. */
const clause = (text: string) => text.trim().replace(/\.$/, '');

/**
 * A notification's title and message in the reader's language, from its
 * parts (`text`: a key of `notificationTexts` and its values). One stored
 * before its texts had parts, or whose key this version does not know,
 * shows its English title and message.
 */
export function sayNotification(
  t: TFunction,
  notification: Pick<Notification, 'title' | 'message' | 'text'>,
): { title: string; message: string } {
  const { text } = notification;
  if (!text) return { title: notification.title, message: notification.message };
  const key = `notificationTexts.${text.key}`;
  const { count, days, document, named, more, date, reason, cancelReason, records, ...rest } =
    text.values;
  const documentName = (code: unknown) =>
    t(`notificationTexts.documents.${String(code)}`, { defaultValue: String(code) });
  const language = activeLanguage();
  const list = new Intl.ListFormat(language, { type: 'conjunction' });
  // In a right-to-left text, each name, address or reason (often Latin) is isolated, so its
  // numbers and words keep their order: "51719 Leland Expressway" stays whole.
  const own = (value: string) => (i18n.dir(language) === 'rtl' ? `\u2068${value}\u2069` : value);
  const values: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).map(([name, value]) => [
      name,
      typeof value === 'string' ? own(value) : value,
    ]),
  );
  // What is counted (documents, minutes, records...), said with its number in its plural.
  if (typeof count === 'number') {
    const n = formatCount(count);
    Object.assign(values, { count, n });
    values.counted = t(`${key}.counted`, { count, n, defaultValue: '' });
    if (typeof records === 'string') {
      values.what = t(`notificationTexts.records.${records}`, { count, n });
    }
  }
  if (typeof days === 'number') {
    values.inDays = t('notificationTexts.inDays', { count: days, n: formatCount(days) });
  }
  if (document !== undefined) values.document = documentName(document);
  if (typeof date === 'string') values.date = formatDate(date);
  if (Array.isArray(named)) {
    const names = named.map((d) => `${own(d.name)} (${documentName(d.document)})`);
    if (typeof more === 'number' && more > 0) {
      names.push(t('notificationTexts.more', { count: more, n: formatCount(more) }));
    }
    values.list = list.format(names);
  }
  // The end of a sentence that may give a reason: ": the reason." or "."; the reason's own mark kept.
  values.reason =
    typeof reason === 'string'
      ? `${t('notificationTexts.because', { reason: own(reason.trim()) })}${/[.!?]$/.test(reason.trim()) ? '' : '.'}`
      : '.';
  values.cancelReason =
    typeof cancelReason === 'string' ? own(clause(cancelReason)) : t('notificationTexts.noReason');
  values.driver ??= t('notificationTexts.theDriver');
  values.who ??= t('notificationTexts.someone');
  // An import: what it registered, each kind counted, and the rows it refused.
  if (text.key.startsWith('recordsImported')) {
    const made = (['drivers', 'companies', 'vehicles', 'passengers'] as const).flatMap((noun) => {
      const n = text.values[noun];
      return typeof n === 'number' && n > 0
        ? [t(`notificationTexts.records.${noun}`, { count: n, n: formatCount(n) })]
        : [];
    });
    const rejected = typeof text.values.rejected === 'number' ? text.values.rejected : 0;
    values.list = list.format(made);
    values.rejected = t('notificationTexts.rows', { count: rejected, n: formatCount(rejected) });
  }
  const title = t(`${key}.title`, { ...values, defaultValue: '' });
  // A key this version does not know: the English texts.
  if (!title) return { title: notification.title, message: notification.message };
  return { title, message: t(`${key}.message`, values) };
}
