import { integrationImportByOwner, type ImportReport } from '@cabdesk/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, refusal, server } from '@/testing/api';
import { renderScreen } from '@/testing/render';
import { ImportPanel } from './import-panel';

/** A part's report as the server answers it: its rows accepted, and the lines (of the part) it rejected. */
const partReport = (accepted: number, rejectedLines: number[]): ImportReport => ({
  accepted,
  rejected: rejectedLines.length,
  errors: rejectedLines.map((line) => ({
    line,
    kind: 'people',
    external_id: `p-${line}`,
    reasons: ['email must be a valid e-mail address.'],
  })),
  errors_not_listed: 0,
  by_kind: {
    people: { accepted, rejected: rejectedLines.length },
    vehicles: { accepted: 0, rejected: 0 },
    trips: { accepted: 0, rejected: 0 },
    payments: { accepted: 0, rejected: 0 },
  },
});

const FILE = Array.from({ length: 6 }, (_, i) => JSON.stringify({ kind: 'people', n: i + 1 })).join(
  '\n',
);

afterEach(() => vi.restoreAllMocks());

describe('the import screen, a file in parts', () => {
  it('keeps what was imported when a part fails, and resumes from that part to one report of the whole file', async () => {
    const bodies: string[] = [];
    const ids = new Set<string | null>();
    let failNext = true;
    server.use(
      answer(integrationImportByOwner, async ({ request, url }) => {
        const body = request.headers.get('content-type') ?? '';
        ids.add(url.searchParams.get('import_id'));
        const part = bodies.length;
        if (part === 1 && failNext) {
          failNext = false;
          return refusal(503, 'The database is not answering. Try again in a moment.');
        }
        bodies.push(body);
        // Every part rejects its second line.
        return partReport(1, [2]);
      }),
    );
    const { user } = renderScreen(<ImportPanel chunk={{ rows: 2, bytes: 1024 * 1024 }} />);
    await user.upload(
      document.querySelector('input[type=file]')!,
      new File([FILE], 'people.ndjson', { type: 'application/x-ndjson' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));

    // The second part (lines 3 and 4) failed: the first stays imported.
    const stopped = await screen.findByTestId('import-stopped');
    within(stopped).getByText('The import stopped at line 3');
    within(stopped).getByText('The database is not answering. Try again in a moment.');
    within(stopped).getByText(/^The rows before line 3 are imported\./);
    expect(screen.getByTestId('import-report').textContent).toContain(
      '1 row accepted, 1 rejected.',
    );

    await user.click(within(stopped).getByRole('button', { name: 'Resume from line 3' }));
    const report = await screen.findByText('people.ndjson imported');
    expect(report).toBeTruthy();
    screen.getByText('3 rows accepted, 3 rejected.');
    // Three parts answered (the failed one sent again), all of one import.
    expect(bodies).toEqual(Array(3).fill('application/x-ndjson'));
    // Each part's second line rejected: lines 2, 4 and 6 of the whole file.
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:rejected';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Download the 3 rejected rows (CSV)' }));
    const lines = (await blobs[0]!.text()).trim().split('\r\n');
    expect(lines.map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
      'line,kind,external_id',
      '2,people,p-2',
      '4,people,p-2',
      '6,people,p-2',
    ]);
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
