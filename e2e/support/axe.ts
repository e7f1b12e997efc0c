import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** axe-core's browser build, as text to run in a page. */
const AXE_SOURCE: string = createRequire(import.meta.url)('axe-core').source;

/**
 * What axe finds wrong on the page as it is: every rule, or only `rules`; only
 * violations are detailed. axe is put in the page once per document and run
 * there: @axe-core/playwright put it in again for every check, a cost paid on
 * each (docs/testing.md, "Browser walks"). The app has no frames, so axe looks
 * at the document alone.
 */
async function axeViolations(page: Page, rules?: string[]) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    resultTypes: ['violations'],
    iframes: false,
    ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
  };
  return page.evaluate(
    async (runOptions) =>
      (
        await (
          window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }
        ).axe.run(document, runOptions)
      ).violations,
    options,
  );
}

/**
 * Fails on any accessibility violation axe finds, whatever its impact,
 * listing them with the first nodes of each.
 */
export async function expectNoA11yViolations(
  page: Page,
  where: string,
  options: { rules?: string[] } = {},
) {
  const found = (await axeViolations(page, options.rules)).map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  }));
  expect(found, where).toEqual([]);
}
