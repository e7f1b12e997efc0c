import { describe, expect } from 'vitest';
import { describeWalks, storageOf } from '../support/browser';

const SECTIONS = [
  'Information we collect',
  'How we use it',
  'Sharing',
  'Data security',
  'Retention',
  'Your rights',
  'Updates',
  'Contact us',
];

const POLICIES = [
  { path: '/user-policy', app: 'Cabdesk Rider App', file: 'user-policy.png' },
  { path: '/company-policy', app: 'Cabdesk Company App', file: 'company-policy.png' },
  { path: '/driver-policy', app: 'Cabdesk Driver App', file: 'driver-policy.png' },
];

describe('privacy policy pages', () => {
  const walk = describeWalks();

  for (const policy of POLICIES) {
    const title = `Privacy Policy — ${policy.app}`;

    walk(`${policy.path} reads signed out, with every section`, async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 860 });
      await page.goto(policy.path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();

      // Public: no sign-in asked, no session created, no admin layout around it.
      expect(new URL(page.url()).pathname).toBe(policy.path);
      expect(await storageOf(page)).not.toHaveProperty('isLogin');
      expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);

      expect(await page.title()).toBe(title);
      await page.getByText('Effective date: 21/01/25', { exact: true }).waitFor();
      await page.getByRole('banner').getByText(policy.app).waitFor();

      const contents = page.getByRole('navigation', { name: 'Contents' });
      for (const [index, section] of SECTIONS.entries()) {
        await page
          .getByRole('heading', { level: 2, name: `${index + 1}. ${section}`, exact: true })
          .waitFor();
        await contents.getByRole('link', { name: section, exact: true }).waitFor();
      }

      // Real text, not filler.
      const text = await page.getByRole('main').innerText();
      expect(text).not.toMatch(/lorem|ipsum|TODO|TBD/i);
      for (const right of [
        'Access',
        'Correction',
        'Deletion',
        'Opt-out of marketing',
        'Withdraw consent',
      ]) {
        expect(text).toContain(`${right}:`);
      }
      for (const party of ['Service providers', 'Regulators and authorities', 'Affiliates']) {
        expect(text).toContain(`${party}:`);
      }

      // A contents link takes the reader to its section.
      await contents.getByRole('link', { name: 'Retention', exact: true }).click();
      await page.waitForURL(`**${policy.path}#retention`);
      const heading = await page.getByRole('heading', { name: '5. Retention' }).boundingBox();
      expect(heading && heading.y >= 0 && heading.y < 200).toBe(true);

      // Back to the top, the pointer off the links, for the full-page picture.
      await page.mouse.move(0, 0);
      await page.evaluate(() => window.scrollTo(0, 0));
    });
  }

  walk('each app’s policy mentions what that app collects', async ({ page }) => {
    const expectations: Record<string, string[]> = {
      '/user-policy': ['Pickup and drop-off locations', 'Payment details', 'Ratings and feedback'],
      '/driver-policy': [
        'Driving licence',
        'Background checks',
        'Location while online',
        'earnings',
      ],
      '/company-policy': [
        'Business registration',
        'Fleet records',
        'Records of the drivers you employ',
        'payouts',
      ],
    };
    for (const [path, phrases] of Object.entries(expectations)) {
      await page.goto(path);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1 }).waitFor();
      const text = await main.innerText();
      for (const phrase of phrases) expect(text, `${path} mentions ${phrase}`).toContain(phrase);
    }
  });

  walk('the policy pages link to one another and stay readable on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/user-policy');
    await page
      .getByRole('heading', { level: 1, name: 'Privacy Policy — Cabdesk Rider App' })
      .waitFor();
    // Nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('link', { name: 'Privacy Policy — Cabdesk Driver App' }).click();
    await page.waitForURL('**/driver-policy');
    await page
      .getByRole('heading', { level: 1, name: 'Privacy Policy — Cabdesk Driver App' })
      .waitFor();
    expect(await page.title()).toBe('Privacy Policy — Cabdesk Driver App');
  });
});
