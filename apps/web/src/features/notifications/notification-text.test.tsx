import { LANGUAGES, NOTIFICATION_TEXT_KEYS, type NotificationText } from '@cabdesk/contract';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { sayNotification } from './notification-text';

/** A notification as the API sends it: its English texts and its parts. */
const stored = (
  text: NotificationText | null,
  title = 'English title',
  message = 'English message',
) => ({
  title,
  message,
  text,
});

async function sayIn(language: (typeof LANGUAGES)[number], text: NotificationText) {
  await setLanguage(language);
  return sayNotification(i18n.getFixedT(language), stored(text));
}

describe('a notification in the reader’s language', () => {
  afterEach(() => setLanguage('en'));

  it('says in English what the API’s English texts say', async () => {
    expect(
      await sayIn('en', {
        key: 'approvalDecided.driver.approved',
        values: { name: 'Ann Lee', by: 'Olga', reason: 'Papers checked' },
      }),
    ).toEqual({
      title: 'Driver approved',
      message: 'Ann Lee was approved by Olga: Papers checked.',
    });
    expect(
      (
        await sayIn('en', {
          key: 'approvalDecided.company.rejected',
          values: { name: 'X Cabs', by: 'Olga', reason: 'Fake!' },
        })
      ).message,
    ).toBe('X Cabs was rejected by Olga: Fake!');
    expect(await sayIn('en', { key: 'tripCancelled', values: { trip: 7 } })).toEqual({
      title: 'Trip cancelled',
      message: 'Trip #7 was cancelled: no reason given.',
    });
    expect(
      await sayIn('en', {
        key: 'bulkDone.approved',
        values: { count: 1204, records: 'drivers', by: 'Olga' },
      }),
    ).toEqual({
      title: '1,204 drivers approved',
      message: '1,204 drivers were approved by Olga in one bulk action.',
    });
    expect(
      (
        await sayIn('en', {
          key: 'recordsImportedToReview',
          values: { drivers: 1204, companies: 12, vehicles: 0, passengers: 1, rejected: 3 },
        })
      ).message,
    ).toBe(
      '1,204 drivers, 12 companies, and 1 passenger imported, 3 rows rejected. The drivers, companies and vehicles wait for approval.',
    );
  });

  it('says the days, the documents and their names in Spanish and Arabic', async () => {
    const expiring: NotificationText = {
      key: 'documentsExpire',
      values: {
        count: 5,
        days: 2,
        named: [
          { name: 'Ann Lee', document: 'driver_licence' },
          { name: 'X Cabs', document: 'insurance' },
        ],
        more: 3,
      },
    };
    expect(await sayIn('es', expiring)).toEqual({
      title: '5 documentos vencen en 2 días',
      message: 'Vencen en 2 días: Ann Lee (licencia de conducir), X Cabs (seguro) y 3 más.',
    });
    const arabic = await sayIn('ar', expiring);
    expect(arabic.title).toBe('تنتهي صلاحية 5 مستندات خلال 2 يومين');
    // Each Latin name kept whole inside the right-to-left text.
    expect(arabic.message).toContain('\u2068Ann Lee\u2069 (رخصة القيادة)');
    expect(
      (
        await sayIn('es', {
          key: 'tripStuck.silent',
          values: { trip: 9, pickup: 'Main St', count: 1 },
        })
      ).message,
    ).toBe('El conductor del viaje n.º 9 no envía su posición desde hace 1 minuto.');
  });

  it('has a title and a message for every text, in every language and plural', async () => {
    for (const language of LANGUAGES) {
      for (const key of NOTIFICATION_TEXT_KEYS) {
        for (const count of [1, 2, 5, 11, 100]) {
          const said = await sayIn(language, {
            key,
            values: {
              count,
              days: count,
              records: 'drivers',
              name: 'Ann',
              by: 'Olga',
              company: 'X Cabs',
              email: 'x@x.test',
              vehicle: 'Toyota Prius',
              trip: 7,
              case: 3,
              pickup: 'Main St',
              document: 'insurance',
              date: '2026-03-05',
              named: [{ name: 'Ann', document: 'insurance' }],
              more: 0,
              url: 'https://x.test',
              error: '500',
              drivers: count,
              rejected: count,
            },
          });
          const text = `${said.title} ${said.message}`;
          expect([language, key, count, text]).not.toEqual(
            expect.arrayContaining([expect.stringMatching(/\{\{|notificationTexts|English/)]),
          );
        }
      }
    }
  });

  it('shows the English texts of a notification without parts, or with a key it does not know', async () => {
    await setLanguage('es');
    const t = i18n.getFixedT('es');
    expect(sayNotification(t, stored(null))).toEqual({
      title: 'English title',
      message: 'English message',
    });
    expect(sayNotification(t, stored({ key: 'somethingNew', values: { count: 2 } }))).toEqual({
      title: 'English title',
      message: 'English message',
    });
  });
});
