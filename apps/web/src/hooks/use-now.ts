import { useEffect, useState } from 'react';

/** The time now, moved on every `intervalMs` (a minute): what "waiting 12 min" counts from. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
