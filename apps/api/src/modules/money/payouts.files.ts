import SEPA from 'sepa';
import { BOM, csvLine } from '../../lib/csv';
import { centsOf } from './ledger';

/*
 * A payout batch's bank files (issue 48): the same bytes every time they are
 * made, since nothing in them depends on when: the creation time is the
 * batch's approval, the ids are the batch's and the payees'.
 */

export type BankLine = {
  party_id: number;
  name: string;
  iban: string;
  bic: string;
  holder: string;
  amount: string;
};

export type BankFileBatch = {
  id: number;
  periodEnd: string;
  /** ISO 8601, UTC. */
  approvedAt: string;
  debtor: { name: string; iban: string; bic: string };
};

/** The payee's reference on the transfer (its end-to-end id): the batch's and the payee's ids. */
const referenceOf = (batchId: number, partyId: number) => `CABDESK-P${batchId}-${partyId}`;

const messageIdOf = (batchId: number) => `CABDESK-PAYOUT-${batchId}`;

/** CSV: payee, IBAN, BIC, amount, reference; one payee a line, by id. */
export function payoutCsv(batch: BankFileBatch, lines: readonly BankLine[]) {
  return (
    BOM +
    csvLine(['Payee', 'Account holder', 'IBAN', 'BIC', 'Amount', 'Currency', 'Reference']) +
    lines
      .map((line) =>
        csvLine([
          line.name,
          line.holder,
          line.iban,
          line.bic,
          line.amount,
          'EUR',
          referenceOf(batch.id, line.party_id),
        ]),
      )
      .join('')
  );
}

/**
 * A date whose local fields read as `iso`'s UTC ones: the sepa library
 * writes times and days in the process's time zone, and the file must not
 * change with it.
 */
function utcFields(iso: string) {
  const at = new Date(iso);
  return new Date(
    at.getUTCFullYear(),
    at.getUTCMonth(),
    at.getUTCDate(),
    at.getUTCHours(),
    at.getUTCMinutes(),
    at.getUTCSeconds(),
  );
}

/**
 * ISO 20022 pain.001.001.09 for SEPA credit transfers, written by the sepa
 * library (which checks every IBAN, BIC and amount): one payment from the
 * platform's account (PAYOUT_DEBTOR_*), requested for the day of approval
 * (UTC), one transfer per payee; the control sum is the batch's total.
 */
export function payoutPain001(batch: BankFileBatch, lines: readonly BankLine[]) {
  const doc = new SEPA.Document('pain.001.001.09');
  doc.grpHdr.id = messageIdOf(batch.id);
  doc.grpHdr.created = utcFields(batch.approvedAt);
  doc.grpHdr.initiatorName = batch.debtor.name;
  const info = doc.createPaymentInfo();
  info.id = 'P';
  info.method = 'TRF';
  info.requestedExecutionDate = utcFields(batch.approvedAt.slice(0, 10));
  info.debtorName = batch.debtor.name;
  info.debtorIBAN = batch.debtor.iban;
  info.debtorBIC = batch.debtor.bic;
  doc.addPaymentInfo(info);
  for (const line of lines) {
    const transfer = info.createTransaction();
    transfer.id = String(line.party_id);
    transfer.end2endId = referenceOf(batch.id, line.party_id);
    transfer.creditorName = line.holder;
    transfer.creditorIBAN = line.iban;
    transfer.creditorBIC = line.bic;
    // Cents to a number of two decimals: exact for any amount the ledger holds.
    transfer.amount = Number(centsOf(line.amount)) / 100;
    transfer.remittanceInfo = `Cabdesk payout to ${batch.periodEnd}`;
    info.addTransaction(transfer);
  }
  return doc.toString();
}
