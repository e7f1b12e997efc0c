import { describe, expect, it, vi } from 'vitest';
import { oneAtATime } from './one-at-a-time';

describe('oneAtATime (a confirm button sends once)', () => {
  it('ignores a second click while the first request is under way, and allows one after it settled', async () => {
    let answer!: () => void;
    const send = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const busy = vi.fn();
    const guarded = oneAtATime(busy);
    const click = () => guarded(send);
    click();
    click();
    expect(send).toHaveBeenCalledTimes(1);
    expect(busy).toHaveBeenLastCalledWith(true);
    answer();
    await vi.waitFor(() => expect(busy).toHaveBeenLastCalledWith(false));
    click();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('is free again after a failed request, and after a click that sent nothing', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('409')));
    const busy = vi.fn();
    const guarded = oneAtATime(busy);
    const click = () => guarded(failing);
    click();
    await vi.waitFor(() => expect(busy).toHaveBeenLastCalledWith(false));
    click();
    expect(failing).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(busy).toHaveBeenLastCalledWith(false));

    const refused = vi.fn(() => undefined);
    const check = () => guarded(refused);
    check();
    check();
    expect(refused).toHaveBeenCalledTimes(2);
  });
});
