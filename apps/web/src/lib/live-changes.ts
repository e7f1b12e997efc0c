import type { RecordChangeKind } from '@cabdesk/contract';
import { useEffect, useRef } from 'react';

type Listener = (kinds: readonly RecordChangeKind[]) => void;

const listeners = new Set<Listener>();

/**
 * Tells the screens on show which kinds of records changed (the notification
 * stream's `changes` event, issue 46): each refreshes what it shows.
 */
export function announceChanges(kinds: readonly RecordChangeKind[]) {
  for (const listener of [...listeners]) listener(kinds);
}

/** Calls `onChange` whenever records of one of `kinds` changed, while the component is shown. */
export function useRecordChanges(kinds: readonly RecordChangeKind[], onChange: () => void) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);
  const heard = kinds.join(',');
  useEffect(() => {
    const wanted = new Set(heard.split(','));
    const listener: Listener = (changed) => {
      if (changed.some((kind) => wanted.has(kind))) latest.current();
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [heard]);
}
