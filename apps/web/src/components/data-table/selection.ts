/**
 * The rows picked for a bulk action: some rows by id (with their names, for
 * the result), or every row matching the list's filter, across pages.
 */
export interface Selection {
  /** Picked rows: id -> name. */
  picked: ReadonlyMap<number, string>;
  /** Every row matching the filter is selected (`picked` is then unused). */
  all: boolean;
}

export const NO_SELECTION: Selection = { picked: new Map(), all: false };

/** One row picked or let go; letting one go out of "all matching" keeps the rest of the page. */
export function toggleRow(
  selection: Selection,
  row: { id: number; name: string },
  on: boolean,
  page: readonly { id: number; name: string }[],
): Selection {
  const picked = new Map(
    selection.all ? page.map((r) => [r.id, r.name] as const) : selection.picked,
  );
  if (on) picked.set(row.id, row.name);
  else picked.delete(row.id);
  return { picked, all: false };
}

/** The page's rows all picked (on) or all let go (off); other pages' picks are kept. */
export function togglePage(
  selection: Selection,
  page: readonly { id: number; name: string }[],
  on: boolean,
): Selection {
  if (!on && selection.all) return NO_SELECTION;
  const picked = new Map(selection.picked);
  for (const row of page) {
    if (on) picked.set(row.id, row.name);
    else picked.delete(row.id);
  }
  return { picked, all: false };
}

/** How the page's header box reads: all of its rows picked, some, or none. */
export function pageState(
  selection: Selection,
  page: readonly { id: number }[],
): 'all' | 'some' | 'none' {
  if (page.length === 0) return 'none';
  if (selection.all) return 'all';
  const count = page.filter((row) => selection.picked.has(row.id)).length;
  return count === page.length ? 'all' : count > 0 ? 'some' : 'none';
}

/** How many rows an action would change: the picks, or every row matching (`total`). */
export const selectedCount = (selection: Selection, total: number) =>
  selection.all ? total : selection.picked.size;

/**
 * The list call's input as a bulk action's `filter`: the same filters and
 * search, without paging, sort or format (the action takes every match).
 */
export function filterOf(input: Record<string, unknown>): Record<string, unknown> {
  const { page: _p, per_page: _pp, sort: _s, format: _f, ...filter } = input;
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''),
  );
}
