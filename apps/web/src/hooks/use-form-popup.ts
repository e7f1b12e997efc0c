import { useState } from 'react';

/**
 * The state of a page's popup form: `open(record)` (the record it edits, or
 * none to add one) with a new `key` on every opening, so the form starts
 * afresh; `close()` keeps the record while the popup fades out, so its title
 * does not change on the way.
 */
export function useFormPopup<T = never>() {
  const [state, setState] = useState<{ opened: boolean; key: number; record: T | null }>({
    opened: false,
    key: 0,
    record: null,
  });
  return {
    ...state,
    open: (record: T | null = null) =>
      setState((current) => ({ opened: true, key: current.key + 1, record })),
    close: () => setState((current) => ({ ...current, opened: false })),
  };
}
