import {
  API_BASE,
  ENDPOINTS,
  INTEGRATION_BASE,
  INTEGRATION_ENDPOINTS,
  integrationKeyCreate,
  integrationPeople,
  urlOf,
} from '@cabdesk/contract';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper';
import { INTEGRATION_OPENAPI_URL } from '../modules/integration';
import { DOCS_URL, OPENAPI_URL } from '../plugins/api-reference';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { security: unknown[]; operationId: string }>>;
};

describe('the API reference', () => {
  it('serves an OpenAPI 3.1 document that validates and lists every route the server answers', async () => {
    const { app } = await buildTestApp();
    const res = await app.inject({ url: OPENAPI_URL });
    expect(res.statusCode).toBe(200);
    const document = res.json<Document>();
    expect(document.openapi).toBe('3.1.0');

    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);

    // Every route of the server's own table, but the reference itself and the static
    // files it and the web app serve, is documented with its method...
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const served = app.routeTable
      .filter(
        (r) =>
          r.method !== 'HEAD' && r.endpoint !== undefined && !r.url.startsWith(INTEGRATION_BASE),
      )
      .map((r) => `${r.method} ${r.url}`);
    const undocumented = app.routeTable.filter(
      (r) =>
        r.method !== 'HEAD' &&
        r.url.startsWith(API_BASE) &&
        !r.url.startsWith(DOCS_URL) &&
        r.url !== OPENAPI_URL &&
        !documented.has(`${r.method} ${r.url}`),
    );
    expect(undocumented.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(served.length).toBe(ENDPOINTS.length);
    for (const route of served) expect(documented).toContain(route);

    // ...and says which need the bearer token.
    const login = document.paths[`${API_BASE}login`]!.post!;
    expect(login.security).toEqual([]);
    const users = document.paths[`${API_BASE}user-list`]!.get!;
    expect(users.security).toEqual([{ bearer: [] }]);
  });

  it('documents each call with its parameters, body and envelope', async () => {
    const { app } = await buildTestApp();
    const document = (await app.inject({ url: OPENAPI_URL })).json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
    }>();
    const userList = document.paths[urlOf(ENDPOINTS.find((e) => e.path === 'user-list')!)]!.get!;
    const names = (userList.parameters as { name: string; required: boolean }[]).map((p) => [
      p.name,
      p.required,
    ]);
    expect(names).toEqual(
      expect.arrayContaining([
        ['user_type', true],
        ['page', false],
        ['search', false],
      ]),
    );
    const approval = document.paths[`${API_BASE}approval-user`]!.post! as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> };
      responses: Record<string, unknown>;
    };
    expect(approval.requestBody.content['application/json']!.schema.required).toEqual(
      expect.arrayContaining(['id', 'table', 'approval']),
    );
    expect(Object.keys(approval.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '409']),
    );

    // A list that exports documents its CSV answer and the format parameter.
    const rides = document.paths[`${API_BASE}ride-list`]!.get! as {
      parameters: { name: string }[];
      responses: Record<string, { content: Record<string, unknown> }>;
    };
    expect(Object.keys(rides.responses['200']!.content)).toEqual(['application/json', 'text/csv']);
    expect(rides.parameters.map((p) => p.name)).toContain('format');
  });

  it('serves the interactive reference page and its assets without a session', async () => {
    const { app } = await buildTestApp();
    const page = await app.inject({ url: `${DOCS_URL}/`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/src="([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^https?:/);
      const asset = await app.inject({ url: new URL(src, `http://x${DOCS_URL}/`).pathname });
      expect(asset.statusCode, src).toBe(200);
    }
  });

  it('serves the integration API its own document: exactly its calls, each with its scope and the Idempotency-Key', async () => {
    const { app } = await buildTestApp();
    const res = await app.inject({ url: INTEGRATION_OPENAPI_URL });
    expect(res.statusCode).toBe(200);
    const document = res.json<
      Document & { info: { title: string }; paths: Record<string, Record<string, never>> }
    >();
    expect(document.info.title).toBe('Cabdesk integration API');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);

    // Every route served under the integration base, and nothing of the admin API.
    const documented = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = app.routeTable
      .filter((r) => r.method !== 'HEAD' && r.url.startsWith(INTEGRATION_BASE))
      .filter((r) => r.url !== INTEGRATION_OPENAPI_URL)
      .map((r) => `${r.method} ${r.url}`);
    expect(documented.sort()).toEqual([...new Set(served)].sort());
    expect(documented.sort()).toEqual(
      INTEGRATION_ENDPOINTS.map((e) => `${e.method} ${urlOf(e)}`).sort(),
    );
    const people = document.paths[urlOf(integrationPeople)]!.post! as {
      security: unknown[];
      'x-scope': string;
      parameters: { name: string; in: string }[];
      responses: Record<string, unknown>;
    };
    expect(people.security).toEqual([{ bearer: [] }]);
    expect(people['x-scope']).toBe('people:write');
    expect(people.parameters).toEqual([
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
    ]);
    expect(Object.keys(people.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '409', '422', '429']),
    );

    // The admin document has the keys' calls, and none of the integration API's.
    const admin = (await app.inject({ url: OPENAPI_URL })).json<Document>();
    expect(admin.paths[urlOf(integrationKeyCreate)]?.post).toBeDefined();
    expect(Object.keys(admin.paths).filter((p) => p.startsWith(INTEGRATION_BASE))).toEqual([]);
  });
});
