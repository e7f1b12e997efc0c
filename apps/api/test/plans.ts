/** Plans of the statements the API sends, read as at scale (the plan-shape tests). */
import { is, Placeholder, sql, type Query, type SQL } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/lib/sql';

export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Subplan Name'?: string;
  'CTE Name'?: string;
  Filter?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
};

/** Nodes that read all of their input before giving a row. */
export const BLOCKING = new Set([
  'Sort',
  'Incremental Sort',
  'Aggregate',
  'Hash',
  'Materialize',
  'SetOp',
]);

/**
 * The nodes of `plan` that read an index under a Limit: the scans that choose
 * a page. A node of `stopAt` between them and the Limit (one that reads all of
 * its input, BLOCKING) ends the Limit's reach.
 */
export function indexScansUnderLimit(
  plan: PlanNode,
  stopAt: ReadonlySet<string> = new Set(),
): PlanNode[] {
  const visit = (node: PlanNode, limited: boolean): PlanNode[] => {
    const under = node['Node Type'] === 'Limit' || (limited && !stopAt.has(node['Node Type']));
    return [
      ...(under && node['Index Name'] ? [node] : []),
      ...(node.Plans ?? []).flatMap((child) => visit(child, under)),
    ];
  };
  return visit(plan, false);
}

/**
 * The plan of `query` as at scale: sequential scans and sorts only where
 * nothing else can serve; with `atScale: false`, as the statistics make it.
 */
export async function planOf(
  database: Database,
  query: SQL,
  { atScale = true } = {},
): Promise<PlanNode> {
  return database.db.transaction(async (tx) => {
    if (atScale) {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      // Each row read costs as much as a page: reading every row of a table is dear, as at scale.
      await tx.execute(sql`set local cpu_tuple_cost = 1`);
    }
    const [row] = await rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
      tx,
      sql`explain (format json) ${query}`,
    );
    const plan = row!['QUERY PLAN'];
    return (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan;
  });
}

/** A statement as sent (text with $n and its parameters) as drizzle SQL again. */
const sqlOf = ({ sql: text, params }: Query): SQL =>
  sql.join(
    text
      .split(/\$(\d+)/)
      .map((part, i) => (i % 2 ? sql`${params[Number(part) - 1]}` : sql.raw(part))),
    sql``,
  );

/**
 * Every statement the API sends from now on, as drizzle is asked to run it;
 * with `prepared`, the prepared ones too (lib/sql.ts preparedRowsOf).
 */
export function statementsSent(database: Database, { prepared = false } = {}): SQL[] {
  const sent: SQL[] = [];
  const execute = database.db.execute.bind(database.db);
  database.db.execute = ((query: SQL) => {
    sent.push(query);
    return execute(query);
  }) as typeof database.db.execute;
  if (!prepared) return sent;
  const session = database.db._.session;
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = ((query: Query, ...rest: unknown[]) => {
    // Not the session's check, whose values come later (placeholders).
    if (!query.params.some((param) => is(param, Placeholder))) sent.push(sqlOf(query));
    return (prepareQuery as (...args: unknown[]) => unknown)(query, ...rest);
  }) as typeof session.prepareQuery;
  return sent;
}
