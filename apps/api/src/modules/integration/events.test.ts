import { integrationEvents, integrationKeyCreate, type IntegrationScope } from '@cabdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import { writeEvent, writeTestEvent } from '../../lib/outbox';
import { bearer, callApi, signedInApp } from '../../../test/helper';

async function withFeed(scopes: IntegrationScope[] = ['events:read']) {
  const built = await signedInApp();
  const made = await built.call(integrationKeyCreate, { name: 'Poller', scopes });
  const read = (query: Record<string, unknown> = {}) =>
    callApi(built.app, integrationEvents, query, bearer(made.body.data.key));
  return { ...built, read };
}

/** A status change of passenger `id`, as the desk writes it. */
const statusChanged = (tx: Tx, id: number) =>
  writeEvent(tx, 'status.changed', { table: 'users', id, kind: 'user' }, { status: 'Inactive' });

/**
 * The feed shows an event once every transaction older than it has ended,
 * across the whole PostgreSQL server: with other test files writing beside
 * this one, that can take a moment, so the first read after a write waits
 * for what it must see.
 */
const POLL = { timeout: 20_000, interval: 50 };
const idsOf = (answer: { body: { data: { events: { data: { id: number } }[] } } }) =>
  answer.body.data.events.map((e) => e.data.id);

describe('GET events', () => {
  it('needs events:read', async () => {
    const { read } = await withFeed(['trips:write']);
    const refused = await read();
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe(
      'This integration key does not have the scope events:read, which this call needs.',
    );
  });

  it('pages the events oldest first from `after`, without test events', async () => {
    const { database, read } = await withFeed();
    for (const id of [1, 2, 3]) await database.db.transaction((tx) => statusChanged(tx, id));
    const [hook] = await database.rows<{ id: number }>(
      sql`insert into webhooks (url, events, secret)
          values ('https://example.test/hook', '{}', 'whsec_dGVzdA==') returning id`,
    );
    await database.db.transaction((tx) => writeTestEvent(tx, hook!.id, new Date()));
    for (const id of [4, 5]) await database.db.transaction((tx) => statusChanged(tx, id));

    // All five are visible (the test event never is), then paged from the start.
    await expect
      .poll(async () => idsOf(await read({ limit: 1000 })), POLL)
      .toEqual([1, 2, 3, 4, 5]);
    const first = await read({ limit: 2 });
    expect(first.statusCode).toBe(200);
    expect(first.body.data.events).toEqual([
      {
        id: expect.any(Number),
        type: 'status.changed',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        data: { kind: 'user', id: 1, status: 'Inactive' },
      },
      expect.objectContaining({ data: { kind: 'user', id: 2, status: 'Inactive' } }),
    ]);
    expect(first.body.data.next_after).toBe(first.body.data.events[1].id);
    const second = await read({ after: first.body.data.next_after, limit: 2 });
    expect(second.body.data.events.map((e: { data: { id: number } }) => e.data.id)).toEqual([3, 4]);
    const rest = await read({ after: second.body.data.next_after });
    expect(rest.body.data.events.map((e: { data: { id: number } }) => e.data.id)).toEqual([5]);
    // Read to the end: an empty page keeps the cursor.
    const end = await read({ after: rest.body.data.next_after });
    expect(end.body.data).toEqual({ events: [], next_after: rest.body.data.next_after });
    // The feed has every event but the test one, each once.
    const all = await read({ limit: 1000 });
    expect(all.body.data.events.map((e: { type: string }) => e.type)).not.toContain('webhook.test');
    expect(all.body.data.events).toHaveLength(5);

    const bad = await read({ after: 'last', limit: 5000 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(['after', 'limit']);
  });

  it('never passes over an event whose transaction commits after a later id’s', async () => {
    const { database, read } = await withFeed();
    if (database.kind === 'pglite') {
      // One connection: transactions run one at a time, so each commits in the order of its ids.
      await database.db.transaction((tx) => statusChanged(tx, 1));
      await expect.poll(async () => idsOf(await read()), POLL).toEqual([1]);
      return;
    }
    // An older transaction (it took its txid first) and a younger one that writes its event
    // first, so its event has the lower id, and stays open while the older one commits.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let olderStarted!: () => void;
    const olderHasTxid = new Promise<void>((resolve) => (olderStarted = resolve));
    let youngerWrote!: () => void;
    const youngerHasEvent = new Promise<void>((resolve) => (youngerWrote = resolve));
    const older = database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_current_xact_id()`);
      olderStarted();
      await youngerHasEvent;
      await statusChanged(tx, 2);
    });
    await olderHasTxid;
    const younger = database.db.transaction(async (tx) => {
      await statusChanged(tx, 1);
      youngerWrote();
      await held;
    });
    await older;
    const ids = await database.rows<{ id: number }>(sql`select id from webhook_events order by id`);
    expect(ids).toHaveLength(1); // the younger's event is not committed yet

    // The older's event is final: in the feed, though a lower id may still come.
    await expect.poll(async () => idsOf(await read()), POLL).toEqual([2]);
    const during = await read();
    release();
    await younger;
    // Once the younger commits, the page after the older's event holds the lower id.
    await expect
      .poll(async () => idsOf(await read({ after: during.body.data.next_after })), POLL)
      .toEqual([1]);
    const next = await read({ after: during.body.data.next_after });
    expect(next.body.data.events[0].id).toBeLessThan(during.body.data.next_after);
  });
});
