import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { API_BASE, login, urlOf, type AnyEndpoint, type Role } from '@cabdesk/contract';
import pg from 'pg';
import { expect, inject, onTestFinished } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { eq, sql, type Logger } from 'drizzle-orm';
import { openDatabase, pgliteOptions, type Database, type Db, type Tx } from '../src/db/client';
import { admins } from '../src/db/schema';
import { arrayLiteral, rowsOf } from '../src/lib/sql';
import { hashPassword } from '../src/lib/password';
import { upsertAdmin } from '../src/modules/auth';

/** Tests hash with a low scrypt cost; production refuses anything under 2^17. */
export const TEST_HASH_COST = 10;

/**
 * The migrated template's data directory, read once per worker. Each test's
 * PGlite loads it afresh: `clone()` would dump the template's 40 MB again for
 * every test (a test database's start went from about 950 ms to 700).
 */
let template: Blob | undefined;

/** A fresh migrated database for one test, dropped when the test ends. */
export async function createTestDatabase(logger?: Logger): Promise<Database> {
  const [database] = await createSharedTestDatabase(1, logger);
  return database!;
}

/**
 * One fresh migrated database seen through `instances` handles, as that many
 * API instances see one database: on PostgreSQL each handle is a pool of its
 * own; PGlite is one process, so there the same handle is answered each time.
 */
export async function createSharedTestDatabase(
  instances: number,
  logger?: Logger,
): Promise<Database[]> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `cabdesk_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // A file copy of the small template: PostgreSQL 15's default (WAL_LOG) writes every
    // page of it to the WAL, a cost each test paid (docs/testing.md).
    await admin.query(
      `create database ${name} template ${inject('postgresTemplate')} strategy file_copy`,
    );
    const testUrl = new URL(url);
    testUrl.pathname = `/${name}`;
    const databases: Database[] = [];
    for (let i = 0; i < instances; i++) {
      databases.push(await openDatabase({ databaseUrl: testUrl.toString(), poolSize: 4, logger }));
    }
    onTestFinished(async () => {
      for (const database of databases) await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    return databases;
  }
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  const pglite = await PGlite.create({ loadDataDir: template, ...pgliteOptions });
  const database = await openDatabase({ pglite, logger });
  onTestFinished(() => database.close());
  return Array<Database>(instances).fill(database);
}

export type TestEnv = Record<string, string>;

/** A clock a test moves on by hand (BuildAppOptions.clock), starting at the real time. */
export function fakeClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

/** The whole app over a fresh database (or `database`), as `app.inject` sees it. */
export async function buildTestApp(
  env: TestEnv = {},
  logger: BuildAppOptions['logger'] = false,
  clock?: BuildAppOptions['clock'],
  database?: Database,
) {
  database ??= await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'cabdesk-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PASSWORD_HASH_COST: String(TEST_HASH_COST),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    ...env,
  });
  const app = await buildApp({ config, database, logger, clock });
  onTestFinished(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, database, config };
}

export const api = (path: string) => `${API_BASE}${path}`;

export const ADMIN = { email: 'admin@cabdesk.test', password: 'correct horse battery' };

/** An Active administrator who can sign in: an Owner unless `role` says otherwise. */
export async function createAdmin(database: Database, admin = ADMIN, role: Role = 'Owner') {
  const { id } = await upsertAdmin(database.db, {
    email: admin.email,
    name: 'Test Admin',
    passwordHash: await hashPassword(admin.password, TEST_HASH_COST),
  });
  if (role !== 'Owner') await database.db.update(admins).set({ role }).where(eq(admins.id, id));
  return { id, ...admin };
}

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** Signs in through the API and returns the bearer token. */
export async function signIn(app: App, credentials = ADMIN) {
  const res = await app.inject({
    method: 'POST',
    url: urlOf(login),
    payload: { ...credentials, user_type: 'Admin', device_type: 'Web' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { token: string } }>().data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** What a test reads of an answer: its status and its parsed body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on any shape
export type Answer = { statusCode: number; headers: OutgoingHttpHeaders; body: any };

type Input = Record<string, unknown>;

/**
 * Calls the API as a client does, by endpoint object (or, for what is no
 * endpoint, a path under the API base): a GET sends its input as the query
 * string, a POST as a JSON body.
 */
export async function callApi(
  app: App,
  target: AnyEndpoint | string,
  input: Input = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  const endpoint = typeof target === 'string' ? undefined : target;
  const method = endpoint?.method ?? 'GET';
  const url = endpoint ? urlOf(endpoint) : api(target as string);
  const res = await app.inject(
    method === 'GET'
      ? {
          url,
          query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
          headers,
        }
      : { method, url, payload: input, headers },
  );
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    body: res.body === '' ? undefined : res.json(),
  };
}

/** A signed-in administrator's client: the one way tests make signed-in calls. */
export async function signedIn(app: App, credentials = ADMIN) {
  const token = await signIn(app, credentials);
  return {
    token,
    call: (
      target: AnyEndpoint | string,
      input: Input = {},
      headers: Record<string, string> = bearer(token),
    ) => callApi(app, target, input, headers),
  };
}

/**
 * A test app with the Owner ADMIN signed in, where most API tests start:
 * the app, its database and config, the admin's row and `call` as that
 * admin. `clock` is a fakeClock's `now`.
 */
export async function signedInApp(clock?: BuildAppOptions['clock'], env: TestEnv = {}) {
  const built = await buildTestApp(env, false, clock);
  const admin = await createAdmin(built.database);
  const session = await signedIn(built.app);
  return { ...built, admin, ...session };
}

/**
 * Every index and constraint of the schema, or of `tables`, as the catalogue
 * defines them: equal lists mean the same indexes and constraints.
 */
export async function schemaOf(db: Db | Tx, tables?: readonly string[]): Promise<string[]> {
  const rows = await rowsOf<{ definition: string }>(
    db,
    sql`select definition from (
          select tablename::text as table_name, indexdef as definition
          from pg_indexes where schemaname = current_schema()
          union all
          select conrelid::regclass::text,
                 conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
          from pg_constraint where connamespace = current_schema()::regnamespace
        ) s
        where ${tables ? sql`table_name = any(${arrayLiteral(tables)}::text[])` : sql`true`}
        order by definition`,
  );
  return rows.map((row) => row.definition);
}

/** A fixed UPLOAD_SIGNING_KEY (hex) for tests that sign upload URLs themselves. */
export const TEST_UPLOAD_KEY = '5e'.repeat(32);

/**
 * `urlPath` signed the way the API signs upload URLs (HMAC-SHA256 over the path
 * and the expiry in unix seconds, base64url), valid until `exp`.
 */
export function signUpload(urlPath: string, exp: number, key = TEST_UPLOAD_KEY) {
  const sig = createHmac('sha256', Buffer.from(key, 'hex'))
    .update(`cabdesk-upload-v1\n${exp}\n${urlPath}`)
    .digest('base64url');
  return `${urlPath}?exp=${exp}&sig=${sig}`;
}

/** Matches a signed URL of the upload at `urlPath` (`/uploads/...`). */
export const signedUrlOf = (urlPath: string) =>
  expect.stringMatching(
    new RegExp(`^${urlPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?exp=\\d+&sig=[\\w-]{43}$`),
  );

/** Writes a small SVG at each stored upload path (`seed/x.svg`) of the app's upload directory. */
export function writeUploads(config: Config, stored: readonly string[]) {
  for (const path of stored) {
    const file = join(config.uploadDir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `<svg xmlns="http://www.w3.org/2000/svg"><title>${path}</title></svg>`);
  }
}

/**
 * Cells of a CSV text as RFC 4180 reads it (quoted fields, doubled quotes,
 * CRLF lines), after its byte-order mark; the final line break ends no row.
 */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

/** A list call with `format=csv` as a browser downloads it: status, headers, text and cells. */
export async function downloadCsv(
  app: App,
  token: string,
  endpoint: AnyEndpoint,
  input: Input = {},
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    url: urlOf(endpoint),
    query: {
      ...Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
      format: 'csv',
    },
    headers: { ...bearer(token), ...headers },
  });
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    text: res.body,
    rows: parseCsv(res.body),
  };
}
