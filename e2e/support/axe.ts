import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What axe finds wrong on the page as it is: every rule, or only `rules`.
 * axe.run in the page itself (legacy mode): the default runs each frame apart
 * and merges the results in a new blank page, a cost paid on every check
 * (measured in docs/testing.md, "Browser walks"); only violations are detailed.
 */
async function axeViolations(page: Page, rules?: string[]) {
  let builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  if (rules) builder = builder.withRules(rules);
  return (await builder.analyze()).violations;
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
