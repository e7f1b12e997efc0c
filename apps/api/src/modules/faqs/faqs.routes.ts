import { FAQ_MESSAGES, type Faq, faqAdd, faqList, faqUpdate } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { writeEvent } from '../../lib/outbox';
import { csvColumns } from '../../lib/export';
import { route } from '../../lib/route';
import { answerSmallList } from '../../lib/small-list';
import { countFaqs, insertFaq, listFaqs, lockFaq, toFaq, updateFaq } from './faqs.repository';

/**
 * FAQ entries: support-list, support-add, support-update (SPEC 7). Deleting
 * goes through delete-data; the audit log names them `supports`, the `table`
 * value of the wire.
 */
export async function faqRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, faqList, (request, reply) =>
    answerSmallList(app, request, reply, {
      endpoint: faqList,
      message: FAQ_MESSAGES.listed,
      columns: csvColumns<Faq>({
        ID: 'id',
        Question: 'question',
        Answer: 'answer',
        Created: 'created_at',
        Updated: 'updated_at',
      }),
      rows: async (limit, offset) =>
        (await listFaqs(db, limit, offset, request.query.sort)).map(toFaq),
      count: () => countFaqs(db),
    }),
  );

  route(app, faqAdd, async (request) => {
    const row = await db.transaction(async (tx) => {
      const created = await insertFaq(tx, request.body);
      await audit(tx, request, {
        action: 'create',
        tableName: 'supports',
        recordId: created.id,
        after: toFaq(created),
      });
      await faqChanged(tx, 'created', toFaq(created));
      return created;
    });
    return { status: true, message: FAQ_MESSAGES.added, data: toFaq(row) };
  });

  route(app, faqUpdate, async (request) => {
    const { support_id, question, answer } = request.body;
    const row = await db.transaction(async (tx) => {
      const before = await lockFaq(tx, support_id);
      if (!before) throw new HttpError(404, FAQ_MESSAGES.missing);
      const after = await updateFaq(tx, support_id, { question, answer });
      await audit(tx, request, {
        action: 'update',
        tableName: 'supports',
        recordId: support_id,
        before: toFaq(before),
        after: toFaq(after),
      });
      await faqChanged(tx, 'updated', toFaq(after));
      return after;
    });
    return { status: true, message: FAQ_MESSAGES.updated, data: toFaq(row) };
  });
}

/** faq.changed for the marketplace's help screens: the entry as it now reads. */
const faqChanged = (tx: Tx, change: 'created' | 'updated', faq: ReturnType<typeof toFaq>) =>
  writeEvent(
    tx,
    'faq.changed',
    { table: 'supports', id: faq.id, kind: 'faq' },
    { change, question: faq.question, answer: faq.answer },
  );
