import { FAQ_MESSAGES, type Faq, faqAdd, faqList, faqUpdate } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { writeEvent } from '../../lib/outbox';
import { pagedBatches, sendCsv } from '../../lib/export';
import { arrayOrPage } from '../../lib/paging';
import { route } from '../../lib/route';
import { countFaqs, insertFaq, listFaqs, lockFaq, toFaq, updateFaq } from './faqs.repository';

/**
 * FAQ entries: support-list, support-add, support-update (SPEC 7). Deleting
 * goes through delete-data; the audit log names them `supports`, the `table`
 * value of the wire.
 */
export async function faqRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, faqList, async (request, reply) => {
    const rows = async (limit: number, offset: number) =>
      (await listFaqs(db, limit, offset, request.query.sort)).map(toFaq);
    if (request.query.format === 'csv') {
      return sendCsv(request, reply, app.database, app.clock(), {
        endpoint: faqList,
        columns: [
          { header: 'ID', cell: (f: Faq) => f.id },
          { header: 'Question', cell: (f: Faq) => f.question },
          { header: 'Answer', cell: (f: Faq) => f.answer },
          { header: 'Created', cell: (f: Faq) => f.created_at },
          { header: 'Updated', cell: (f: Faq) => f.updated_at },
        ],
        batches: () => pagedBatches(rows),
      });
    }
    return {
      status: true,
      message: FAQ_MESSAGES.listed,
      data: await arrayOrPage(request.query, { rows, count: () => countFaqs(db) }),
    };
  });

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
