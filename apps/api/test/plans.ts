/** Plans of the statements the API sends, read as at scale (the plan-shape tests). */
import { sql, type SQL } from 'drizzle-orm';
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

/** Every statement the API sends from now on, as drizzle is asked to run it. */
export function statementsSent(database: Database): SQL[] {
  const sent: SQL[] = [];
  const execute = database.db.execute.bind(database.db);
  database.db.execute = ((query: SQL) => {
    sent.push(query);
    return execute(query);
  }) as typeof database.db.execute;
  return sent;
}
