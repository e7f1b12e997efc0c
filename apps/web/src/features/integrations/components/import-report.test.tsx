import type { ImportReport } from '@cabdesk/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/testing/render';
import { ImportReportView } from './import-report';

/** A report of a file whose rows 2 to 10,001 were each rejected. */
function reportOf(rejected: number): ImportReport {
  return {
    accepted: 1200,
    rejected,
    errors: Array.from({ length: rejected }, (_, i) => ({
      line: i + 2,
      kind: i === 0 ? null : 'trips',
      external_id: i === 0 ? null : `t-${i}`,
      reasons:
        i === 1
          ? ['There is no passenger with this user_external_id.', 'at must be a date, "UTC".']
          : ['There is no passenger with this user_external_id.'],
    })),
    errors_not_listed: 0,
    by_kind: {
      people: { accepted: 200, rejected: 0 },
      vehicles: { accepted: 0, rejected: 0 },
      trips: { accepted: 1000, rejected: rejected - 1 },
      payments: { accepted: 0, rejected: 0 },
    },
  };
}

/** The text of the file handed to the browser to save, and its name. */
function savedFiles() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:rejected';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { blobs, names };
}

afterEach(() => vi.restoreAllMocks());

describe('the import report', () => {
  it('counts the accepted and rejected rows of each kind', () => {
    renderScreen(<ImportReportView report={reportOf(10_000)} fileName="marketplace.ndjson" />);
    screen.getByText('marketplace.ndjson imported');
    screen.getByText('1,200 rows accepted, 10,000 rejected.');
    const table = screen.getByRole('table', { name: 'Rows by kind' });
    const row = (name: string) =>
      within(table).getByRole('rowheader', { name }).closest('tr')!.textContent!.replace(name, '');
    expect(row('People')).toBe('2000');
    expect(row('Trips')).toBe('1,0009,999');
    expect(row('Rows without a kind')).toBe('01');
    expect(row('Total')).toBe('1,20010,000');
  });

  it('downloads ten thousand rejected rows as CSV: line, kind, external_id, reason', async () => {
    const { blobs, names } = savedFiles();
    renderScreen(<ImportReportView report={reportOf(10_000)} fileName="marketplace.ndjson" />);
    fireEvent.click(
      screen.getByRole('button', { name: 'Download the 10,000 rejected rows (CSV)' }),
    );
    expect(names).toEqual(['marketplace-rejected.csv']);
    const lines = (await blobs[0]!.text()).split('\r\n');
    expect(lines).toHaveLength(10_002); // the header, 10,000 rows, and the last line end
    expect(lines.slice(0, 4)).toEqual([
      'line,kind,external_id,reason',
      '2,,,There is no passenger with this user_external_id.',
      '3,trips,t-1,"There is no passenger with this user_external_id. at must be a date, ""UTC""."',
      '4,trips,t-2,There is no passenger with this user_external_id.',
    ]);
    expect(lines.at(-2)).toBe(
      '10001,trips,t-9999,There is no passenger with this user_external_id.',
    );
  });

  it('offers no download when every row was accepted', () => {
    const report = {
      ...reportOf(0),
      by_kind: { ...reportOf(0).by_kind, trips: { accepted: 1000, rejected: 0 } },
    };
    renderScreen(<ImportReportView report={report} fileName="people.csv" />);
    screen.getByText('1,200 rows accepted, 0 rejected.');
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });
});
