import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  DOCUMENT_MAX_BYTES,
  INTEGRATION_BASE,
  INTEGRATION_MESSAGES,
  integrationKeyCreate,
  integrationPeople,
  integrationVehicles,
  reviewQueue,
  vehicleDetail,
  type IntegrationScope,
} from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/sql';
import { createVehicle } from '../../../test/builders';
import { bearer, callApi, signedInApp } from '../../../test/helper';

/** A PNG's signature and a few bytes after it: what Cabdesk checks of an image. */
const png = (marker: string) =>
  new Uint8Array([
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...new TextEncoder().encode(marker),
  ]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

async function withKey(
  scopes: IntegrationScope[] = ['people:write', 'vehicles:write', 'documents:write'],
) {
  const built = await signedInApp();
  // The desk's catalogue: a Standard service and a Sedan of 4 seats.
  await createVehicle(built.database, {}, { service: 'Standard', type: 'Sedan', seats: 4 });
  const made = await built.call(integrationKeyCreate, { name: 'Marketplace', scopes });
  const key: string = made.body.data.key;
  /** A multipart upload, as a browser's FormData or curl -F sends it. */
  const upload = async (
    fields: Record<string, string>,
    file?: { bytes: Uint8Array; name: string; type?: string },
    idempotencyKey?: string,
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file)
      form.append('file', new Blob([file.bytes], { type: file.type ?? 'image/png' }), file.name);
    const encoded = new Request('http://cabdesk.test/', { method: 'POST', body: form });
    const payload = Buffer.from(await encoded.arrayBuffer());
    const res = await built.app.inject({
      method: 'POST',
      url: `${INTEGRATION_BASE}documents`,
      payload,
      headers: {
        ...bearer(key),
        'content-type': encoded.headers.get('content-type')!,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
    });
    return { statusCode: res.statusCode, headers: res.headers, body: res.json() };
  };
  const send = (endpoint: typeof integrationPeople | typeof integrationVehicles, body: object) =>
    callApi(built.app, endpoint, body as Record<string, unknown>, bearer(key));
  await send(integrationPeople, {
    external_id: 'c-1',
    user_type: 'Company',
    name: 'Maria Ortiz',
    email: 'office@olive-cabs.test',
    phone: '+1 555 0101',
    company_name: 'Olive Cabs',
  });
  const driver = await send(integrationPeople, {
    external_id: 'd-1',
    user_type: 'Driver',
    name: 'Ann Lee',
    email: 'ann@example.test',
    phone: '555-0102',
    company_external_id: 'c-1',
  });
  const vehicle = await send(integrationVehicles, {
    external_id: 'v-1',
    company_external_id: 'c-1',
    service_type: 'standard',
    vehicle_type: 'sedan',
    brand: 'Toyota',
    model: 'Corolla',
    color: 'Blue',
    seats: 4,
    license_number: 'OLV-1001',
  });
  expect(vehicle.statusCode).toBe(200);
  return {
    ...built,
    upload,
    driverId: driver.body.data.id as number,
    vehicleId: vehicle.body.data.id as number,
  };
}

/** The files the integration door has stored. */
const storedFiles = (uploadDir: string) => {
  const dir = join(uploadDir, 'integration');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST documents', () => {
  it('stores a driver’s licence with its expiry, and the review desk shows it behind a signed URL', async () => {
    const { app, call, upload, driverId, config } = await withKey();
    const answer = await upload(
      { owner: 'people', external_id: 'd-1', document: 'dl_front', expires_on: '2030-01-31' },
      { bytes: png('licence'), name: 'licence.png' },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toEqual({
      status: true,
      message: INTEGRATION_MESSAGES.documentSaved,
      data: {
        id: driverId,
        external_id: 'd-1',
        document: 'dl_front',
        created: true,
        expires_on: '2030-01-31',
      },
    });

    const queue = await call(reviewQueue, { kind: 'driver' });
    const item = queue.body.data.data.find((row: { id: number }) => row.id === driverId);
    const licence = item.documents.find(
      (d: { document: string }) => d.document === 'driver_licence',
    );
    expect(licence.expires_on).toBe('2030-01-31');
    expect(licence.images).toHaveLength(1);
    expect(licence.images[0].field).toBe('dl_front');
    const image = await app.inject({ url: licence.images[0].url });
    expect(image.statusCode).toBe(200);
    expect(new Uint8Array(image.rawPayload)).toEqual(png('licence'));
    expect(storedFiles(config.uploadDir)).toHaveLength(1);
  });

  it('replaces the earlier file of the document and removes it', async () => {
    const { call, upload, vehicleId, config } = await withKey();
    const first = await upload(
      { owner: 'vehicles', external_id: 'v-1', document: 'vehicle_front' },
      { bytes: png('first'), name: 'front.png' },
    );
    expect(first.body.data.created).toBe(true);
    const second = await upload(
      { owner: 'vehicles', external_id: 'v-1', document: 'vehicle_front' },
      { bytes: JPEG, name: 'front.jpg', type: 'image/jpeg' },
    );
    expect(second.statusCode).toBe(200);
    expect(second.body.data).toMatchObject({ id: vehicleId, created: false, expires_on: null });
    const files = storedFiles(config.uploadDir);
    expect(files).toEqual([expect.stringMatching(/^[0-9a-f]{32}\.jpg$/)]);
    const detail = await call(vehicleDetail, { vehicle_id: vehicleId });
    expect(detail.body.data.vehicle_front).toContain(`/uploads/integration/${files[0]}?exp=`);
  });

  it('answers the first answer to a retry with the same Idempotency-Key and stores one file', async () => {
    const { upload, config } = await withKey();
    const fields = { owner: 'vehicles', external_id: 'v-1', document: 'insurance' };
    const first = await upload(fields, { bytes: png('policy'), name: 'policy.png' }, 'doc-1');
    const again = await upload(fields, { bytes: png('policy'), name: 'policy.png' }, 'doc-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(storedFiles(config.uploadDir)).toHaveLength(1);
    const other = await upload(fields, { bytes: png('another'), name: 'policy.png' }, 'doc-1');
    expect(other.statusCode).toBe(422);
    expect(other.body.message).toBe(INTEGRATION_MESSAGES.idempotencyReused);
    expect(storedFiles(config.uploadDir)).toHaveLength(1);
  });

  it('refuses a file that is not an image, or too large, with the field named and nothing stored', async () => {
    const { upload, database, driverId, config } = await withKey();
    const fields = { owner: 'people', external_id: 'd-1', document: 'holding_dl' };
    const svg = await upload(fields, {
      bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      name: 'licence.png',
      type: 'image/png',
    });
    expect(svg.statusCode).toBe(400);
    expect(svg.body.data.errors.file).toMatch(/^file must be an image/);
    const big = new Uint8Array(DOCUMENT_MAX_BYTES + 1);
    big.set(png('x'));
    const large = await upload(fields, { bytes: big, name: 'big.png' });
    expect(large.statusCode).toBe(400);
    expect(large.body.data.errors.file).toBe('file must be at most 10 MB.');
    const none = await upload(fields);
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.body.data.errors)).toEqual(['file']);

    const [row] = await rowsOf<{ holding_dl: string | null }>(
      database.db,
      sql`select holding_dl from users where id = ${driverId}`,
    );
    expect(row!.holding_dl).toBeNull();
    expect(storedFiles(config.uploadDir)).toEqual([]);
  });

  it('refuses an unknown record, a document of another owner and an expiry of a photo', async () => {
    const { upload, config } = await withKey();
    const image = { bytes: png('x'), name: 'x.png' };
    const unknown = await upload(
      { owner: 'people', external_id: 'd-404', document: 'dl_front' },
      image,
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body.data.errors).toEqual({
      external_id: 'There is no driver with this external_id: send it first.',
    });
    // A company's id is not a driver's: the document names the kind of person.
    const company = await upload(
      { owner: 'people', external_id: 'c-1', document: 'dl_front' },
      image,
    );
    expect(company.statusCode).toBe(422);
    const mismatch = await upload(
      { owner: 'people', external_id: 'v-1', document: 'insurance' },
      image,
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body.data.errors.document).toBe(
      'insurance is a document of vehicles, not of people.',
    );
    const photo = await upload(
      { owner: 'vehicles', external_id: 'v-1', document: 'vehicle_back', expires_on: '2030-01-01' },
      image,
    );
    expect(photo.statusCode).toBe(400);
    expect(photo.body.data.errors.expires_on).toMatch(/^vehicle_back does not expire/);
    expect(storedFiles(config.uploadDir)).toEqual([]);
  });

  it('needs the documents:write scope', async () => {
    const { upload } = await withKey(['people:write', 'vehicles:write']);
    const answer = await upload(
      { owner: 'people', external_id: 'd-1', document: 'dl_front' },
      { bytes: png('x'), name: 'x.png' },
    );
    expect(answer.statusCode).toBe(403);
    expect(answer.body.message).toBe(
      INTEGRATION_MESSAGES.noScope.replace('{scope}', 'documents:write'),
    );
  });
});
