import {
  auditLog,
  bankDetailsSave,
  integrationKeyCreate,
  integrationPeople,
  ledgerBalance,
  PAYOUT_MESSAGES,
  payoutBatchApprove,
  payoutBatchCreate,
  payoutBatchDetail,
  payoutBatchExport,
  payoutBatchList,
  payoutBatchMark,
  urlOf,
  userDetail,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { createCompany, createDriver } from '../../../test/builders';
import { bearer, callApi, createAdmin, signedIn, signedInApp } from '../../../test/helper';
import { writeLedgerSets } from './ledger';

const FINANCE_1 = { email: 'finance1@cabdesk.test', password: 'a long enough passphrase' };
const FINANCE_2 = { email: 'finance2@cabdesk.test', password: 'a long enough passphrase' };
const OPERATOR = { email: 'operator@cabdesk.test', password: 'a long enough passphrase' };

const IBAN_A = 'DE89370400440532013000';
const BIC_A = 'COBADEFFXXX';
const IBAN_B = 'ES9121000418450200051332';
const BIC_B = 'CAIXESBBXXX';

const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/**
 * An Owner's app with two Finance administrators and an Operator, and a
 * marketplace's parties. Balances are given straight to the ledger (a
 * balanced set per party: a trip's split is money.test.ts's subject).
 */
async function desk() {
  const built = await signedInApp();
  const { database, app } = built;
  await createAdmin(database, FINANCE_1, 'Finance');
  await createAdmin(database, FINANCE_2, 'Finance');
  await createAdmin(database, OPERATOR, 'Operator');
  const [finance1, finance2, operator] = await Promise.all([
    signedIn(app, FINANCE_1),
    signedIn(app, FINANCE_2),
    signedIn(app, OPERATOR),
  ]);
  const company = await createCompany(database, { externalId: 'c-1' });
  const ana = await createDriver(database, { companyId: company.id, externalId: 'd-ana' });
  const ben = await createDriver(database, { companyId: company.id, externalId: 'd-ben' });
  const cai = await createDriver(database, { companyId: company.id, externalId: 'd-cai' });
  let cause = 0;
  /** Credits (owed > 0) or debits a party's account by `amount` cents, against the platform. */
  const owe = (
    partyId: number,
    cents: bigint,
    account: 'driver' | 'company' | 'driver_cash' = 'driver',
  ) =>
    database.db.transaction((tx) =>
      writeLedgerSets(tx, [
        {
          cause: 'ride_split',
          causeId: ++cause,
          entries: [
            { account, partyId, cents: -cents },
            { account: 'platform_receipts', partyId: null, cents },
          ],
        },
      ]),
    );
  const balance = async (driverId: number) =>
    (await built.call(ledgerBalance, { driver_id: driverId })).body.data.balance as string;
  const exported = async (id: number, format: 'csv' | 'pain001', token = finance2.token) =>
    app.inject({
      url: urlOf(payoutBatchExport),
      query: { id: String(id), format },
      headers: bearer(token),
    });
  return { ...built, finance1, finance2, operator, company, ana, ben, cai, owe, balance, exported };
}

/** Ana owed 120.50 with bank details, Ben 5.00 (under the minimum), Cai 50.00 without, the company owing 30.00. */
async function owedDesk() {
  const d = await desk();
  await d.owe(d.ana.id, 120_50n);
  await d.owe(d.ben.id, 5_00n);
  await d.owe(d.cai.id, 50_00n);
  await d.owe(d.company.id, -30_00n, 'company');
  for (const [user, iban, bic] of [
    [d.ana, IBAN_A, BIC_A],
    [d.ben, IBAN_B, BIC_B],
  ] as const) {
    const saved = await d.finance1.call(bankDetailsSave, {
      user_id: user.id,
      iban,
      bic,
      holder: user.name,
    });
    expect(saved.statusCode).toBe(200);
  }
  return d;
}

const setsNotSummingToZero = (d: Awaited<ReturnType<typeof desk>>) =>
  d.database.rows(sql`select set_id from ledger_entries group by set_id having sum(amount) <> 0`);

describe('bank details', () => {
  it('are checked: a bad IBAN or BIC, or a BIC of another country, is 400 on its field and saves nothing', async () => {
    const d = await desk();
    const cases = [
      [{ iban: 'DE89370400440532013001', bic: BIC_A }, 'iban', PAYOUT_MESSAGES.ibanInvalid],
      [{ iban: IBAN_A, bic: 'COBADEF' }, 'bic', PAYOUT_MESSAGES.bicInvalid],
      [{ iban: IBAN_A, bic: BIC_B }, 'bic', PAYOUT_MESSAGES.bicCountry],
    ] as const;
    for (const [account, field, message] of cases) {
      const res = await d.finance1.call(bankDetailsSave, {
        user_id: d.ana.id,
        holder: 'Ana',
        ...account,
      });
      expect(res.statusCode).toBe(400);
      expect(res.body.data.errors[field]).toBe(message);
    }
    const passenger = await d.database.rows<{ id: number }>(
      sql`insert into users (role, name, email, phone) values ('User', 'P', 'p@x.test', '5551234')
          returning id`,
    );
    const notPayee = await d.finance1.call(bankDetailsSave, {
      user_id: passenger[0]!.id,
      iban: IBAN_A,
      bic: BIC_A,
      holder: 'P',
    });
    expect(notPayee.statusCode).toBe(404);
    expect(await d.database.rows(sql`select 1 from bank_details`)).toEqual([]);
  });

  it('are saved and audited, shown unmasked to Owners and Finance and masked to the other roles', async () => {
    const d = await desk();
    const saved = await d.finance1.call(bankDetailsSave, {
      user_id: d.ana.id,
      iban: 'de89 3704 0044 0532 0130 00',
      bic: 'cobadeffxxx',
      holder: 'Ana Ruiz',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toMatchObject({
      iban: IBAN_A,
      bic: BIC_A,
      holder: 'Ana Ruiz',
      masked: false,
    });
    // The audit log names the payee whose details they are, so its screen links to their page.
    const log = await d.call(auditLog, { table: 'bank_details' });
    expect(log.body.data.data).toEqual([
      expect.objectContaining({
        action: 'create',
        record_id: d.ana.id,
        record_role: 'Driver',
        record_name: d.ana.name,
      }),
    ]);

    for (const who of [d, d.finance2]) {
      const detail = await who.call(userDetail, { user_id: d.ana.id });
      expect(detail.body.data.bank_details).toMatchObject({ iban: IBAN_A, masked: false });
    }
    const masked = await d.operator.call(userDetail, { user_id: d.ana.id });
    expect(masked.body.data.bank_details).toMatchObject({
      iban: 'DE89 •••• •••• 3000',
      masked: true,
      bic: BIC_A,
    });
    expect(JSON.stringify(masked.body)).not.toContain('0532013');
    const none = await d.operator.call(userDetail, { user_id: d.ben.id });
    expect(none.body.data.bank_details).toBeNull();
  });

  it('arrive with the people through the integration API, checked there too', async () => {
    const d = await desk();
    const key = (
      await d.call(integrationKeyCreate, { name: 'Marketplace', scopes: ['people:write'] })
    ).body.data.key as string;
    const person = {
      external_id: 'd-new',
      user_type: 'Driver',
      name: 'Dora Diaz',
      email: 'dora@example.test',
      phone: '+34 600 000 000',
      iban: IBAN_B,
      bic: BIC_B,
      account_holder: 'Dora Diaz',
    };
    const bad = await callApi(d.app, integrationPeople, { ...person, iban: 'ES00' }, bearer(key));
    expect(bad.statusCode).toBe(400);
    expect(bad.body.data.errors.iban).toBe(PAYOUT_MESSAGES.ibanInvalid);
    const partial = await callApi(
      d.app,
      integrationPeople,
      { ...person, bic: undefined },
      bearer(key),
    );
    expect(partial.statusCode).toBe(400);
    const made = await callApi(d.app, integrationPeople, person, bearer(key));
    expect(made.statusCode).toBe(200);
    const detail = await d.finance1.call(userDetail, { user_id: made.body.data.id });
    expect(detail.body.data.bank_details).toMatchObject({
      iban: IBAN_B,
      bic: BIC_B,
      holder: 'Dora Diaz',
    });
  });
});

describe('payout batches', () => {
  it('drafts from the balances: who is paid, blocked without bank details, owing; under the minimum left for later', async () => {
    const d = await owedDesk();
    const res = await d.finance1.call(payoutBatchCreate, { period_end: today() });
    expect(res.statusCode).toBe(200);
    const batch = res.body.data;
    expect(batch).toMatchObject({
      status: 'draft',
      minimum: '10.00',
      total: '120.50',
      payees: 1,
      blocked: 1,
      owing: 1,
      drafted_by: { name: 'Test Admin' },
      approved_by: null,
    });
    expect(
      batch.items.map((i: Record<string, unknown>) => [i.party_id, i.state, i.amount, i.iban]),
    ).toEqual([
      [d.ana.id, 'pay', '120.50', IBAN_A],
      [d.cai.id, 'blocked', '50.00', null],
      [d.company.id, 'owing', '-30.00', null],
    ]);
    // The entries of today are after a period ending yesterday.
    const earlier = await d.finance1.call(payoutBatchCreate, { period_end: yesterday() });
    expect(earlier.body.data).toMatchObject({ total: '0.00', payees: 0, items: [] });
    // ...and that draft replaced the first: one draft at a time.
    const list = await d.finance1.call(payoutBatchList, {});
    expect(list.body.data.data.map((b: { status: string }) => b.status)).toEqual([
      'draft',
      'discarded',
    ]);
    const future = await d.finance1.call(payoutBatchCreate, {
      period_end: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(future.statusCode).toBe(400);
    expect(future.body.data.errors.period_end).toBe(PAYOUT_MESSAGES.periodEndFuture);
  });

  it('is approved by a second administrator only: the one who drafted it is refused (403)', async () => {
    const d = await owedDesk();
    const { id } = (await d.finance1.call(payoutBatchCreate, { period_end: today() })).body.data;
    const own = await d.finance1.call(payoutBatchApprove, { id });
    expect(own.statusCode).toBe(403);
    expect(own.body.message).toBe(PAYOUT_MESSAGES.makerApproves);
    expect((await d.finance1.call(payoutBatchDetail, { id })).body.data.status).toBe('draft');
    expect(await d.balance(d.ana.id)).toBe('120.50');

    // Not exported before approval.
    expect((await d.exported(id, 'csv')).statusCode).toBe(409);

    const approved = await d.finance2.call(payoutBatchApprove, { id });
    expect(approved.statusCode).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      approved_by: { name: 'Test Admin' },
    });
    // The payee's balance moved to payouts in transit; the others are as they were.
    expect(await d.balance(d.ana.id)).toBe('0.00');
    expect(await d.balance(d.cai.id)).toBe('50.00');
    expect(await setsNotSummingToZero(d)).toEqual([]);
    const [inTransit] = await d.database.rows<{ s: string }>(
      sql`select sum(amount)::text as s from ledger_entries where account = 'payouts_in_transit'`,
    );
    expect(inTransit!.s).toBe('-120.50');
    // Audited, and the marketplace told in the same transaction.
    const events = await d.database.rows<{
      type: string;
      data: { payees: unknown[]; total: string };
    }>(sql`select type, data from webhook_events where type like 'payout.%'`);
    expect(events).toEqual([
      {
        type: 'payout.approved',
        data: expect.objectContaining({
          kind: 'payout_batch',
          id,
          total: '120.50',
          payees: [{ kind: 'driver', id: d.ana.id, external_id: 'd-ana', amount: '120.50' }],
        }),
      },
    ]);
    const audited = await d.database.rows<{ action: string }>(
      sql`select action from audit_log where table_name = 'payout_batches' order by id`,
    );
    expect(audited.map((a) => a.action)).toEqual(['create', 'approve']);
    // Approved once.
    expect((await d.finance2.call(payoutBatchApprove, { id })).statusCode).toBe(409);
  });

  it('exports the same bytes twice; its pain.001 parses back with the payees, amounts and control sum', async () => {
    const d = await owedDesk();
    await d.owe(d.ben.id, 1_000_000_01n);
    const { id } = (await d.finance1.call(payoutBatchCreate, { period_end: today() })).body.data;
    await d.finance2.call(payoutBatchApprove, { id });
    const xml1 = await d.exported(id, 'pain001');
    // A second later: nothing in the file may depend on when it is made.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const xml2 = await d.exported(id, 'pain001', d.finance1.token);
    expect(xml1.statusCode).toBe(200);
    expect(xml1.headers['content-type']).toBe('application/xml');
    expect(xml2.rawPayload.equals(xml1.rawPayload)).toBe(true);
    const csv1 = await d.exported(id, 'csv');
    const csv2 = await d.exported(id, 'csv');
    expect(csv2.rawPayload.equals(csv1.rawPayload)).toBe(true);
    expect(csv1.body.split('\r\n').slice(1, 3)).toEqual([
      `"${d.ana.name}","${d.ana.name}","${IBAN_A}","${BIC_A}","120.50","EUR","CABDESK-P${id}-${d.ana.id}"`,
      `"${d.ben.name}","${d.ben.name}","${IBAN_B}","${BIC_B}","1000005.01","EUR","CABDESK-P${id}-${d.ben.id}"`,
    ]);

    const parsed = new XMLParser({ parseTagValue: false }).parse(xml1.body);
    const initiation = parsed.Document.CstmrCdtTrfInitn;
    const batch = (await d.finance1.call(payoutBatchDetail, { id })).body.data;
    expect(batch).toMatchObject({ status: 'exported', total: '1000125.51' });
    expect(initiation.GrpHdr.NbOfTxs).toBe('2');
    expect(initiation.GrpHdr.CtrlSum).toBe(batch.total);
    expect(initiation.GrpHdr.CreDtTm).toBe(batch.approved_at.slice(0, 19));
    expect(initiation.PmtInf.CtrlSum).toBe(batch.total);
    const transfers = initiation.PmtInf.CdtTrfTxInf.map(
      (t: {
        Amt: { InstdAmt: { '#text': string } | string };
        CdtrAcct: { Id: { IBAN: string } };
        Cdtr: { Nm: string };
      }) => [t.Cdtr.Nm, t.CdtrAcct.Id.IBAN, t.Amt.InstdAmt],
    );
    expect(transfers).toEqual([
      [d.ana.name, IBAN_A, '120.50'],
      [d.ben.name, IBAN_B, '1000005.01'],
    ]);
    expect(initiation.PmtInf.DbtrAcct.Id.IBAN).toBe('DE89370400440532013000');
  });

  it('marked paid needs the bank’s reference, and settles: the balances stay paid', async () => {
    const d = await owedDesk();
    const { id } = (await d.finance1.call(payoutBatchCreate, { period_end: today() })).body.data;
    expect(
      (await d.finance1.call(payoutBatchMark, { id, status: 'paid', reference: 'X' })).statusCode,
    ).toBe(409);
    await d.finance2.call(payoutBatchApprove, { id });
    const noReference = await d.finance1.call(payoutBatchMark, { id, status: 'paid' });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.body.data.errors.reference).toBe(PAYOUT_MESSAGES.referenceMissing);
    const paid = await d.finance1.call(payoutBatchMark, {
      id,
      status: 'paid',
      reference: 'BANK-42',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', reference: 'BANK-42' });
    expect(await d.balance(d.ana.id)).toBe('0.00');
    const accounts = await d.database.rows<{ account: string; s: string }>(
      sql`select account, sum(amount)::text as s from ledger_entries
          where account in ('payouts_in_transit', 'platform_paid_out') group by account order by account`,
    );
    expect(accounts).toEqual([
      { account: 'payouts_in_transit', s: '0.00' },
      { account: 'platform_paid_out', s: '-120.50' },
    ]);
    expect(await setsNotSummingToZero(d)).toEqual([]);
    // What was paid is not paid again: the next batch has only what was earned since.
    await d.owe(d.ana.id, 20_00n);
    const next = (await d.finance1.call(payoutBatchCreate, { period_end: today() })).body.data;
    expect(next.items.find((i: { party_id: number }) => i.party_id === d.ana.id).amount).toBe(
      '20.00',
    );
    // Not marked twice, not exported once paid.
    expect((await d.finance1.call(payoutBatchMark, { id, status: 'failed' })).statusCode).toBe(409);
    expect((await d.exported(id, 'csv')).statusCode).toBe(409);
    const events = await d.database.rows<{ type: string }>(
      sql`select type from webhook_events where type like 'payout.%' order by id`,
    );
    expect(events.map((e) => e.type)).toEqual(['payout.approved', 'payout.paid']);
  });

  it('marked failed reverses the approval with a new set: the balances are owed again', async () => {
    const d = await owedDesk();
    const { id } = (await d.finance1.call(payoutBatchCreate, { period_end: today() })).body.data;
    await d.finance2.call(payoutBatchApprove, { id });
    expect(await d.balance(d.ana.id)).toBe('0.00');
    const failed = await d.finance2.call(payoutBatchMark, {
      id,
      status: 'failed',
      reference: 'Returned',
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.body.data.status).toBe('failed');
    expect(await d.balance(d.ana.id)).toBe('120.50');
    const sets = await d.database.rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_sets where cause = 'payout' and cause_id = ${id}`,
    );
    expect(sets[0]!.n).toBe(2);
    expect(await setsNotSummingToZero(d)).toEqual([]);
    const again = (await d.finance1.call(payoutBatchCreate, { period_end: today() })).body.data;
    expect(again).toMatchObject({ total: '120.50', payees: 1 });
    const events = await d.database.rows<{ type: string }>(
      sql`select type from webhook_events where type like 'payout.%' order by id`,
    );
    expect(events.map((e) => e.type)).toEqual(['payout.approved', 'payout.failed']);
  });

  it('refuses to approve a draft whose balances fell since (a stale draft)', async () => {
    const d = await owedDesk();
    const { id } = (await d.finance1.call(payoutBatchCreate, { period_end: today() })).body.data;
    await d.owe(d.ana.id, -100_00n);
    const res = await d.finance2.call(payoutBatchApprove, { id });
    expect(res.statusCode).toBe(409);
    expect(res.body.message).toBe(PAYOUT_MESSAGES.balancesChanged);
    expect((await d.finance1.call(payoutBatchDetail, { id })).body.data.status).toBe('draft');
    expect(await d.balance(d.ana.id)).toBe('20.50');
  });
});
