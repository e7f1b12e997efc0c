import {
  dashboard,
  notificationStream,
  notificationStreamTicket,
  urlOf,
  userDetail,
} from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signedInApp } from '../../test/helper';
import { openSse } from '../../test/sse';

const TOKEN = 'a-scraper-token-of-some-length';

/** The value of one sample line of a scrape, or undefined when it is absent. */
const sample = (text: string, name: string, labels = '') => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.split(' ').pop());
};

const dashboardCount = (text: string) =>
  sample(
    text,
    'cabdesk_http_request_duration_seconds_count',
    `{method="GET",route="${urlOf(dashboard)}",status_class="2xx"}`,
  );

describe('metrics', () => {
  it('are scraped with the token: request durations per route, statements, connections, streams, the process', async () => {
    const { app, call } = await signedInApp(undefined, { METRICS_TOKEN: TOKEN });
    const scrape = async () => {
      const res = await app.inject({ url: '/metrics', headers: bearer(TOKEN) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.body;
    };
    const before = await scrape();
    expect((await call(dashboard)).statusCode).toBe(200);
    expect((await call(dashboard)).statusCode).toBe(200);
    expect((await call(userDetail, { user_id: 999_999 })).statusCode).toBe(404);
    const after = await scrape();

    expect((dashboardCount(after) ?? 0) - (dashboardCount(before) ?? 0)).toBe(2);
    expect(
      sample(
        after,
        'cabdesk_http_request_duration_seconds_count',
        `{method="GET",route="${urlOf(userDetail)}",status_class="4xx"}`,
      ),
    ).toBe(1);
    expect(sample(after, 'cabdesk_db_query_duration_seconds_count')).toBeGreaterThan(
      sample(before, 'cabdesk_db_query_duration_seconds_count')!,
    );
    expect(sample(after, 'cabdesk_db_connections', '{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'cabdesk_db_connections', '{state="waiting"}')).toBe(0);
    expect(sample(after, 'cabdesk_notification_streams')).toBe(0);
    expect(sample(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('count the notification streams open on this instance, while they are open', async () => {
    const { app, call } = await signedInApp(undefined, { METRICS_TOKEN: TOKEN });
    const streams = async () =>
      sample(
        (await app.inject({ url: '/metrics', headers: bearer(TOKEN) })).body,
        'cabdesk_notification_streams',
      );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const open = async () => {
      const { ticket } = (await call(notificationStreamTicket)).body.data as { ticket: string };
      const url = `http://127.0.0.1:${address.port}${urlOf(notificationStream)}?ticket=${ticket}`;
      const stream = await openSse(url);
      expect(stream.status).toBe(200);
      return stream;
    };
    expect(await streams()).toBe(0);
    const first = await open();
    const second = await open();
    expect(await streams()).toBe(2);
    first.close();
    second.close();
    await expect.poll(streams).toBe(0);
  });

  it('refuses a scrape without the token, or with another, in the envelope', async () => {
    const { app } = await buildTestApp({ METRICS_TOKEN: TOKEN });
    for (const headers of [{}, bearer('another-token-of-some-length'), { authorization: TOKEN }]) {
      const res = await app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: false, message: 'Unauthenticated.', data: null });
    }
  });

  it('are not served without METRICS_TOKEN or METRICS_PORT', async () => {
    const { app } = await buildTestApp();
    const res = await app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(404);
  });

  it('are served without a token on METRICS_PORT, and only there', async () => {
    const { app, call } = await signedInApp(undefined, { METRICS_PORT: '0' });
    expect((await call(dashboard)).statusCode).toBe(200);
    const address = app.metricsAddress();
    expect(address?.address).toBe('127.0.0.1');
    const res = await fetch(`http://127.0.0.1:${address!.port}/metrics`);
    expect(res.status).toBe(200);
    expect(dashboardCount(await res.text())).toBe(1);
    expect((await fetch(`http://127.0.0.1:${address!.port}/other`)).status).toBe(404);
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });
});
