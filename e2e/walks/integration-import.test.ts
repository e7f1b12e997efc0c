import { readFile } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import { apiGet, describeWalks, type Paged, signInByApi } from '../support/browser';

const DESKTOP = { width: 1366, height: 860 };

/** A small marketplace's file: a passenger and two trips that import, and three bad rows. */
function marketplaceFile(run: string) {
  const rows = [
    {
      kind: 'people',
      external_id: `u-${run}`,
      user_type: 'User',
      name: 'Walker Import',
      email: `walker-${run}@example.test`,
      phone: '+1 555 0142',
    },
    {
      kind: 'trips',
      external_id: `t-${run}-1`,
      event: 'completed',
      at: '2026-11-20T10:30:00Z',
      user_external_id: `u-${run}`,
      pickup_address: '1 Import Street',
      drop_address: '9 Harbour Road',
      amount: '21.50',
    },
    {
      kind: 'trips',
      external_id: `t-${run}-2`,
      event: 'completed',
      at: '2026-11-20T11:30:00Z',
      user_external_id: 'nobody',
      pickup_address: '2 Import Street',
      drop_address: '9 Harbour Road',
    },
    '{"kind": "people", broken',
    {
      kind: 'payments',
      external_id: `pay-${run}`,
      trip_external_id: 'no-such-trip',
      amount: '21.50',
      payment_method: 'Card',
      at: '2026-11-20T10:31:00Z',
    },
    {
      kind: 'trips',
      external_id: `t-${run}-3`,
      event: 'created',
      at: '2026-11-20T12:00:00Z',
      user_external_id: `u-${run}`,
      pickup_address: '3 Import Street',
      drop_address: '9 Harbour Road',
    },
  ];
  return rows.map((row) => (typeof row === 'string' ? row : JSON.stringify(row))).join('\n') + '\n';
}

describe('import a marketplace', () => {
  const walk = describeWalks();

  walk(
    'an Owner imports a file, reads the report and downloads the rejected rows',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize(DESKTOP);
      const run = String(Date.now());
      const token = await signInByApi(page, baseUrl, admin, '/integrations');
      await page.getByRole('heading', { name: 'Import a marketplace' }).waitFor();

      await page.locator('input[type=file]').setInputFiles({
        name: 'marketplace.ndjson',
        mimeType: 'application/x-ndjson',
        buffer: Buffer.from(marketplaceFile(run)),
      });
      await page.getByRole('button', { name: 'Import', exact: true }).click();

      const report = page.getByTestId('import-report');
      await report.getByText('marketplace.ndjson imported').waitFor();
      await report.getByText('3 rows accepted, 3 rejected.').waitFor();
      const table = report.getByRole('table', { name: 'Rows by kind' });
      const cells = async (name: string) =>
        await table
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
          .getByRole('cell')
          .allInnerTexts();
      expect(await cells('People')).toEqual(['1', '0']);
      expect(await cells('Trips')).toEqual(['2', '1']);
      expect(await cells('Payments')).toEqual(['0', '1']);
      expect(await cells('Rows without a kind')).toEqual(['0', '1']);

      const download = page.waitForEvent('download');
      await report.getByRole('button', { name: 'Download the 3 rejected rows (CSV)' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('marketplace-rejected.csv');
      const lines = (await readFile(await file.path(), 'utf8')).trimEnd().split('\r\n');
      expect(lines).toEqual([
        'line,kind,external_id,reason',
        `3,trips,t-${run}-2,There is no passenger with this external_id: send the passenger first.`,
        '4,,,"The line is not a JSON object: {""kind"": ..., ...}."',
        `5,payments,pay-${run},There is no trip with this external_id: send the trip first.`,
      ]);

      // The trips are the desk's now: the imported one is in the list with its passenger.
      const trips = await apiGet<Paged<{ pickup_address: string; amount: number }>>(
        baseUrl,
        token,
        `ride-list?search=${encodeURIComponent('Import Street')}`,
      );
      expect(trips.data.map((trip) => trip.pickup_address).sort()).toEqual([
        '1 Import Street',
        '3 Import Street',
      ]);
    },
  );

  walk(
    'a file bigger than one part is sent in parts: one report numbered in the whole file, one notification',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize(DESKTOP);
      const run = String(Date.now());
      // Parts of two rows: the six lines of the file go in three requests.
      const token = await signInByApi(page, baseUrl, admin, '/integrations?import_rows=2');
      await page.getByRole('heading', { name: 'Import a marketplace' }).waitFor();
      const parts: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/integration-import?')) parts.push(request.url());
      });
      const before = await apiGet<{ data: { title: string }[] }>(baseUrl, token, 'notification');

      await page.locator('input[type=file]').setInputFiles({
        name: 'marketplace.ndjson',
        mimeType: 'application/x-ndjson',
        buffer: Buffer.from(marketplaceFile(run)),
      });
      await page.getByRole('button', { name: 'Import', exact: true }).click();

      const report = page.getByTestId('import-report');
      await report.getByText('3 rows accepted, 3 rejected.').waitFor();
      expect(parts).toHaveLength(3);
      // One import: every part names the same import_id.
      const ids = new Set(parts.map((url) => new URL(url).searchParams.get('import_id')));
      expect(ids.size).toBe(1);

      // The rejected rows by their line in the whole file, not in their part.
      const download = page.waitForEvent('download');
      await report.getByRole('button', { name: 'Download the 3 rejected rows (CSV)' }).click();
      const lines = (await readFile(await (await download).path(), 'utf8')).trimEnd().split('\r\n');
      expect(lines.map((line) => line.split(',')[0])).toEqual(['line', '3', '4', '5']);

      // The import told the desk once, not once per part or per person.
      const after = await apiGet<{ data: { title: string; message: string }[] }>(
        baseUrl,
        token,
        'notification',
      );
      const imported = after.data.filter((n) => n.title === 'Records imported');
      expect(imported.length).toBe(
        before.data.filter((n) => n.title === 'Records imported').length + 1,
      );
      expect(imported[0]!.message).toBe('1 passenger imported, 3 rows rejected.');
    },
  );
});
