const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Before a row (a table's `tr`, a phone card's `li`) is deleted from a list:
 * answers what puts the focus, once the row is gone, on the next row, else
 * the previous one, else the list itself, rather than leaving it on <body>.
 */
export function focusAfterRemoval(inside: Element | null): () => void {
  const row = inside?.closest('tr, li');
  if (!row) return () => undefined;
  const next = row.nextElementSibling;
  const previous = row.previousElementSibling;
  const list = row.closest('table, ul, ol');
  return () => {
    for (const candidate of [next, previous]) {
      const target = candidate?.isConnected
        ? candidate.querySelector<HTMLElement>(FOCUSABLE)
        : null;
      if (target) return target.focus();
    }
    if (list instanceof HTMLElement && list.isConnected) {
      if (!list.hasAttribute('tabindex')) list.tabIndex = -1;
      list.focus();
    }
  };
}
