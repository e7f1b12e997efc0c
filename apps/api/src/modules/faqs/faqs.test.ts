import { FAQ_SORTS, faqAdd, faqList, faqUpdate, urlOf } from '@cabdesk/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, faqs } from '../../db/schema';
import { bearer, buildTestApp, createAdmin, signedIn } from '../../../test/helper';
import { expectSorts, expectUnknownSortRefused, idsSortedBy } from '../../../test/lists';

async function setup() {
  const built = await buildTestApp();
  await createAdmin(built.database);
  const { token, call } = await signedIn(built.app);
  const list = async () => (await call(faqList)).body;
  return { ...built, headers: bearer(token), post: call, list };
}

describe('FAQ', () => {
  it('adds an entry, trims it, lists it newest first and audits it', async () => {
    const { post, list, database } = await setup();
    await post(faqAdd, { question: 'First?', answer: 'Yes.' });

    const res = await post(faqAdd, {
      question: '  How do I pay?  ',
      answer: ' By card. ',
    });

    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: true,
      message: 'FAQ added successfully.',
      data: { question: 'How do I pay?', answer: 'By card.' },
    });
    const body = await list();
    expect(body.status).toBe(true);
    expect(body.data.map((f: { question: string }) => f.question)).toEqual([
      'How do I pay?',
      'First?',
    ]);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tableName, 'supports'));
    expect(entries.map((e) => e.action)).toEqual(['create', 'create']);
  });

  it.each([
    [{ answer: 'x' }, 'question', 'Please enter your question.'],
    [{ question: '   ', answer: 'x' }, 'question', 'Please enter your question.'],
    [{ question: 'x' }, 'answer', 'Please enter your description.'],
    [{ question: 'x', answer: 42 }, 'answer', 'Please enter your description.'],
    [
      { question: 'q'.repeat(10_000), answer: 'x' },
      'question',
      'The question may be at most 500 characters.',
    ],
  ])('refuses %j and stores nothing', async (payload, field, message) => {
    const { post, database } = await setup();
    const res = await post(faqAdd, payload);
    expect(res.statusCode).toBe(400);
    expect(res.body.data.errors[field]).toBe(message);
    expect(await database.db.select().from(faqs)).toHaveLength(0);
  });

  it('updates an entry and moves its date', async () => {
    const { post, list, database } = await setup();
    const id = (await post(faqAdd, { question: 'Old?', answer: 'Old.' })).body.data.id;
    await database.db
      .update(faqs)
      .set({ updatedAt: sql`now() - interval '3 days'` })
      .where(eq(faqs.id, id));

    const res = await post(faqUpdate, {
      support_id: id,
      question: 'New?',
      answer: 'New.',
    });

    expect(res.body).toMatchObject({ status: true, message: 'FAQ updated successfully.' });
    const [entry] = (await list()).data;
    expect(entry).toMatchObject({ id, question: 'New?', answer: 'New.' });
    expect(Date.now() - Date.parse(entry.updated_at)).toBeLessThan(60_000);
    const [change] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'update'));
    expect(change).toMatchObject({
      recordId: id,
      before: { question: 'Old?' },
      after: { question: 'New?' },
    });
  });

  it('answers 404 for a missing or deleted entry and 400 for a bad id', async () => {
    const { post, database } = await setup();
    const id = (await post(faqAdd, { question: 'Q?', answer: 'A.' })).body.data.id;
    await database.db
      .update(faqs)
      .set({ deletedAt: sql`now()` })
      .where(eq(faqs.id, id));

    for (const support_id of [id, 999_999]) {
      const res = await post(faqUpdate, { support_id, question: 'x', answer: 'y' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ status: false, message: 'FAQ not found.', data: null });
    }
    const bad = await post(faqUpdate, { support_id: 'abc', question: 'x', answer: 'y' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data.errors.support_id).toBe('Must be a whole number.');
  });

  it('needs a signed-in admin', async () => {
    const { app } = await buildTestApp();
    const res = await app.inject({ url: urlOf(faqList) });
    expect(res.statusCode).toBe(401);
  });

  it('sorts by creation, last update or question (ties by id), in both shapes, live entries only', async () => {
    const { post, database } = await setup();
    const day = (d: string) => new Date(`2024-03-${d}T10:00:00Z`);
    await database.db.insert(faqs).values([
      { question: 'How do I pay?', answer: 'a', createdAt: day('01'), updatedAt: day('05') },
      { question: 'how do I pay?', answer: 'b', createdAt: day('01'), updatedAt: day('02') },
      { question: 'Can I tip?', answer: 'c', createdAt: day('02'), updatedAt: day('05') },
      { question: 'Where is my driver?', answer: 'd', createdAt: day('03'), updatedAt: day('03') },
      { question: 'Are pets allowed?', answer: 'e', createdAt: day('04'), deletedAt: day('04') },
    ]);

    await expectSorts(post, faqList, {}, FAQ_SORTS);
    await expectUnknownSortRefused(post, faqList, {}, FAQ_SORTS, 'answer');

    // SPEC's array (no page) takes the same sort.
    const array = (await post(faqList, { sort: '-updated_at' })).body.data as {
      id: number;
      question: string;
      updated_at: string;
    }[];
    expect(array.map((f) => f.question)).not.toContain('Are pets allowed?');
    expect(array.map((f) => f.id)).toEqual(idsSortedBy(array, 'updated_at', true));
    expect(array.map((f) => f.question)).toEqual([
      'Can I tip?',
      'How do I pay?',
      'Where is my driver?',
      'how do I pay?',
    ]);
  });
});
