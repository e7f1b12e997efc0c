import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until a moment, ticking; `restart(n)` starts again from n seconds. */
export function useCountdown(initialSeconds: number) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const id = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) window.clearInterval(id);
    }, 250);
    return () => window.clearInterval(id);
  }, [endsAt]);

  const restart = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  }, []);

  return { secondsLeft: Math.max(0, Math.ceil((endsAt - now) / 1000)), restart };
}
