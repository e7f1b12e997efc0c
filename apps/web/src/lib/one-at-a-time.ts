export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' &&
  value !== null &&
  'then' in value &&
  typeof (value as { then: unknown }).then === 'function';

/**
 * Runs what it is given one at a time: while the promise of the last run is
 * unsettled, further runs do nothing (a double click on a confirm button sends
 * one request). `onBusy` follows the state, for the button to show it. A run
 * that answers no promise (nothing was sent: a form refused its input) locks
 * nothing.
 */
export function oneAtATime(onBusy: (busy: boolean) => void): (run: () => unknown) => void {
  let busy = false;
  return (run) => {
    if (busy) return;
    const answer = run();
    if (!isThenable(answer)) return;
    busy = true;
    onBusy(true);
    const done = () => {
      busy = false;
      onBusy(false);
    };
    answer.then(done, done);
  };
}
