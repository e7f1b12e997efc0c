import {
  commissionRuleList,
  commissionRuleSave,
  ledgerBalance,
  MONEY_MESSAGES,
  RIDE_MESSAGES,
  rideSplit,
} from '@cabdesk/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit';
import { HttpError, onField } from '../../lib/http-error';
import { route } from '../../lib/route';
import { balanceOf, textOf } from './ledger';
import {
  companyExists,
  driverExists,
  insertRule,
  listRules,
  rideExists,
  serviceTypeExists,
  splitOfRide,
} from './money.repository';

const ruleTaken = () => onField(409, 'from', MONEY_MESSAGES.ruleTaken);

/** Money (issue 48): commission rules, a trip's split, a party's balance. */
export async function moneyRoutes(app: FastifyInstance) {
  const { db } = app.database;

  route(app, commissionRuleList, async (request) => {
    const { service_type, company_id, page, per_page } = request.query;
    return {
      status: true,
      message: MONEY_MESSAGES.rulesListed,
      data: await listRules(
        db,
        { serviceType: service_type, companyId: company_id },
        { page, per_page },
      ),
    };
  });

  route(app, commissionRuleSave, async (request) => {
    const { service_type, company_id, percent, company_percent, from } = request.body;
    // One rule per service type, company and day: the unique index decides (on conflict do nothing).
    const rule = await db.transaction(async (tx) => {
      if (!(await serviceTypeExists(tx, service_type))) {
        throw onField(400, 'service_type', MONEY_MESSAGES.serviceTypeUnknown);
      }
      if (company_id !== undefined && !(await companyExists(tx, company_id))) {
        throw onField(400, 'company_id', MONEY_MESSAGES.companyUnknown);
      }
      const saved = await insertRule(tx, {
        serviceType: service_type,
        companyId: company_id ?? null,
        percent,
        companyPercent: company_percent,
        from,
        adminId: request.session?.adminId ?? null,
      });
      if (!saved) throw ruleTaken();
      await audit(tx, request, {
        action: 'create',
        tableName: 'commission_rules',
        recordId: saved.id,
        after: saved,
      });
      return saved;
    });
    return { status: true, message: MONEY_MESSAGES.ruleSaved, data: rule };
  });

  route(app, rideSplit, async (request) => {
    const { ride_id } = request.query;
    const split = await splitOfRide(db, ride_id);
    if (split) return { status: true, message: MONEY_MESSAGES.splitFetched, data: split };
    if (!(await rideExists(db, ride_id))) throw new HttpError(404, RIDE_MESSAGES.rideNotFound);
    throw new HttpError(404, MONEY_MESSAGES.noSplit);
  });

  route(app, ledgerBalance, async (request) => {
    const { company_id, driver_id } = request.query;
    const party =
      company_id !== undefined
        ? { kind: 'company' as const, id: company_id }
        : { kind: 'driver' as const, id: driver_id! };
    const exists =
      party.kind === 'company'
        ? await companyExists(db, party.id)
        : await driverExists(db, party.id);
    if (!exists) throw new HttpError(404, MONEY_MESSAGES.noParty);
    const { owed, cashHeld } = await balanceOf(db, party);
    return {
      status: true,
      message: MONEY_MESSAGES.balanceFetched,
      data: {
        company_id: company_id ?? null,
        driver_id: driver_id ?? null,
        balance: textOf(owed),
        cash_held: textOf(cashHeld),
      },
    };
  });
}
