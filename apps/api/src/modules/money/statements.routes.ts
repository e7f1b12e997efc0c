import { statement, STATEMENT_MESSAGES, type StatementLine } from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { itemBatches, sendCsv, type CsvColumn } from '../../lib/export';
import { route } from '../../lib/route';
import type { Party } from './ledger';
import { lineOf, linesQuery, partyName, statementOf } from './statements';

/** An amount as a spreadsheet's number (a text "-3.10" would be read as a formula and quoted). */
const number = (text: string | null) => (text === null ? null : Number(text));

/** The columns of a statement's export: its lines, as the printable statement shows them. */
const LINE_COLUMNS: readonly CsvColumn<StatementLine>[] = [
  { header: 'Date', cell: (l) => l.at },
  { header: 'Kind', cell: (l) => l.kind },
  { header: 'Trip ID', cell: (l) => l.ride_id },
  { header: 'Reference', cell: (l) => l.reference },
  { header: 'Gross', cell: (l) => number(l.gross) },
  { header: 'Coupon', cell: (l) => number(l.coupon_discount) },
  { header: 'Commission', cell: (l) => number(l.platform_commission) },
  { header: 'Share', cell: (l) => number(l.share) },
  { header: 'Cash collected', cell: (l) => number(l.cash_collected) },
  { header: 'Amount', cell: (l) => number(l.amount) },
];

/** Statements (issue 48, point 3): a company's or a driver's, on screen and as CSV. */
export async function statementRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, statement, async (request, reply) => {
    const { company_id, driver_id, from, to, page, per_page } = request.query;
    const party: Party =
      company_id !== undefined
        ? { kind: 'company', id: company_id }
        : { kind: 'driver', id: driver_id! };
    const name = await partyName(db, party);
    if (name === null) throw new HttpError(404, STATEMENT_MESSAGES.noParty);
    if (request.query.format === 'csv') {
      return sendCsv(request, reply, app.database, app.clock(), {
        endpoint: statement,
        columns: LINE_COLUMNS,
        batches: () =>
          itemBatches(app.database, { query: linesQuery(party, { from, to }), toItem: lineOf }),
      });
    }
    return {
      status: true,
      message: STATEMENT_MESSAGES.fetched,
      data: await statementOf(db, { ...party, name }, { from, to }, { page, per_page }),
    };
  });
}
