/**
 * The Live screen in headless Chromium while positions stream in: its first
 * paint with every driver in view, and each fix's way to the screen.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, signedInContext } from './web';

/** One `drivers` message of the live stream, as the page drew it. */
type Frame = { drawnAt: number; snapshot: boolean; fixes: number[] };

/** The browser globals the page script below uses (this package compiles without the DOM lib). */
type Listener = (event: { data: string }) => void;
declare const window: {
  liveFrames: Frame[];
  EventSource: new (url: string) => { addEventListener(type: string, listener: Listener): void };
  requestAnimationFrame(callback: () => void): void;
};

/**
 * In the page, before the app runs: every `drivers` message of the live
 * stream is noted two animation frames after it arrived (the frame that draws
 * the map's new data has then run), with the time of each fix it carried.
 */
function recordLiveStream() {
  window.liveFrames = [];
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url: string) {
      super(url);
      if (!String(url).includes('live-stream')) return;
      this.addEventListener('drivers', (event) => {
        const body = JSON.parse(event.data) as { snapshot: boolean; drivers: { at: string }[] };
        const fixes = body.drivers.map((driver) => Date.parse(driver.at));
        window.requestAnimationFrame(() =>
          window.requestAnimationFrame(() =>
            window.liveFrames.push({ drawnAt: Date.now(), snapshot: body.snapshot, fixes }),
          ),
        );
      });
    }
  };
}

export type LiveScreen = {
  /** From asking for /live to its first drawing of every driver in view. */
  firstPaintMs: number;
  /** How many drivers that first drawing held. */
  driversShown: number;
  /** From now on, fixes count for `latencies`. */
  mark(): Promise<void>;
  /** Each fix drawn since `mark`: its time on the screen minus its `at`, in ms. */
  latencies(): Promise<number[]>;
  close(): Promise<void>;
};

/** Opens /live signed in (the page's viewport: the demo city) and waits for its first drawing. */
export async function openLiveScreen(base: string): Promise<LiveScreen> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const context = await signedInContext(browser, base);
  await context.addInitScript(recordLiveStream);
  const page = await context.newPage();
  const asked = Date.now();
  await page.goto('/live');
  await page.waitForFunction(() => window.liveFrames.some((frame) => frame.snapshot), null, {
    timeout: 60_000,
  });
  const first = await page.evaluate(() => window.liveFrames.find((frame) => frame.snapshot)!);
  let from = 0;
  return {
    firstPaintMs: first.drawnAt - asked,
    driversShown: first.fixes.length,
    mark: async () => {
      from = await page.evaluate(() => window.liveFrames.length);
    },
    latencies: () =>
      page.evaluate(
        (start) =>
          window.liveFrames
            .slice(start)
            .filter((frame) => !frame.snapshot)
            .flatMap((frame) => frame.fixes.map((at) => frame.drawnAt - at)),
        from,
      ),
    close: () => browser.close(),
  };
}
