import { mkdirSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { startReceiver } from '../../apps/api/src/simulation/receiver';
import { createSimulator, type Simulator } from '../../apps/api/src/simulation/simulation';
import {
  apiGet,
  describeWalks,
  type Paged,
  signInByApi,
  toast,
  inApp,
  useScheme,
} from '../support/browser';
import { screensDir } from '../support/paths';

const SCREENS = screensDir('integration-loop');
const SCOPES = [
  'people:write',
  'vehicles:write',
  'documents:write',
  'trips:write',
  'payments:write',
];

describe('a marketplace connected to the desk', () => {
  const walk = describeWalks();

  walk(
    'an Owner makes a key and a webhook, the simulator registers a driver, the Owner approves them, the webhook is answered 200 and the driver drives',
    async ({ page, baseUrl, admin }) => {
      mkdirSync(SCREENS, { recursive: true });
      await page.setViewportSize({ width: 1366, height: 900 });
      const token = await signInByApi(page, baseUrl, admin, '/integrations');

      // Settings -> Integrations: a key with what the marketplace writes, shown once.
      await page.getByRole('button', { name: 'Create key' }).click();
      const keyForm = page.getByRole('dialog', { name: 'Create an integration key' });
      await keyForm.getByLabel('Name').fill('Marketplace backend');
      for (const scope of SCOPES) await keyForm.getByRole('checkbox', { name: scope }).check();
      await keyForm.getByRole('button', { name: 'Create key' }).click();
      const shownKey = page.getByTestId('integration-key');
      await shownKey.waitFor();
      const key = (await shownKey.textContent())!.trim();
      expect(key).toMatch(/^cdk_/);
      await page.screenshot({ path: `${SCREENS}/key-shown-desktop.png` });
      await page.getByRole('button', { name: 'Done' }).click();

      // The marketplace's receiver (the simulator's), and Settings -> Webhooks pointing at it.
      let simulator: Simulator | undefined;
      const heard: string[] = [];
      const receiver = await startReceiver(0, (message) => {
        const line = simulator?.hear(message);
        if (line) heard.push(line);
      });
      try {
        await inApp(page, '/webhooks', 'Webhooks');
        await page.getByRole('button', { name: 'Add endpoint' }).click();
        const endpointForm = page.getByRole('dialog', { name: 'Add endpoint' });
        await endpointForm.getByLabel('URL').fill(receiver.url);
        await endpointForm.getByRole('checkbox', { name: 'Approval decided' }).check();
        await endpointForm.getByRole('button', { name: 'Save' }).click();
        const secretShown = page.getByRole('dialog', { name: 'Signing secret' });
        const secret = (await secretShown.locator('pre').textContent())!.trim();
        expect(secret).toMatch(/^whsec_/);
        await page.keyboard.press('Escape');
        await secretShown.waitFor({ state: 'hidden' });
        receiver.verifyWith(secret);

        // The simulator, with that key: a company with a car, then a driver who registers.
        simulator = createSimulator({ baseUrl, key });
        await simulator.step('company');
        await simulator.step('vehicle');
        const registered = await simulator.step('driver');
        const name = /^driver (.+) registered with /.exec(registered!.summary)![1]!;

        // The driver waits in the review desk (sent there from the drivers found by name, as the
        // directory's Approve does); the Owner opens them and approves.
        const found = await apiGet<Paged<{ id: number; approval: string }>>(
          baseUrl,
          token,
          `user-list?user_type=Driver&search=${encodeURIComponent(name)}`,
        );
        const driver = found.data.find((d) => d.approval === 'Pending')!;
        await inApp(page, `/review?records=driver-${driver.id}`, 'Review desk');
        await page.getByRole('table', { name: 'Review desk' }).getByText(name).click();
        await page.getByRole('heading', { name, level: 2 }).waitFor();
        await page.screenshot({ path: `${SCREENS}/desk-driver-desktop.png` });
        await page.keyboard.press('a');
        for (let guard = 0; guard < 3; guard++) {
          const type = await page.evaluate(() => document.activeElement?.getAttribute('type'));
          if (type !== 'date') break;
          await page.keyboard.type('12312027');
          await page.keyboard.press('Enter');
        }
        await toast(page, `Approved ${name}.`).waitFor();

        // The approval.decided webhook reaches the simulator: the driver now takes trips.
        await expect
          .poll(() => heard, { timeout: 20_000 })
          .toEqual([`driver ${name} approved at the desk`]);
        await simulator.step('passenger');
        await simulator.step('request');
        expect((await simulator.step('advance'))?.summary).toMatch(
          new RegExp(`accepted by ${name}$`),
        );

        // The delivery log: the event, delivered, answered 200.
        await inApp(page, '/webhooks', 'Webhooks');
        const delivery = page
          .getByRole('row')
          .filter({ has: page.getByRole('checkbox', { name: /^Select delivery/ }) })
          .filter({ hasText: 'approval.decided' });
        // Its cells: the event (with its select box), endpoint, then status, attempts and answer.
        await expect
          .poll(async () => (await delivery.locator('td').allTextContents()).slice(2, 5), {
            timeout: 15_000,
          })
          .toEqual(['Delivered', '1', '200']);
        await page.screenshot({ path: `${SCREENS}/delivery-log-desktop.png`, fullPage: true });
        // Its attempts, one by one: the one attempt, answered 200.
        await delivery.getByRole('button', { name: /^Attempts of delivery/ }).click();
        const attempts = page.getByRole('dialog', { name: /^Delivery \d+$/ });
        await expect.poll(() => attempts.getByTestId('attempt').count()).toBe(1);
        await attempts.getByTestId('attempt').getByText('200', { exact: true }).waitFor();
        await page.screenshot({ path: `${SCREENS}/delivery-attempts-desktop.png` });
        await page.keyboard.press('Escape');
        await page.setViewportSize({ width: 390, height: 844 });
        await useScheme(page, 'dark');
        await page
          .getByTestId('row-card')
          .filter({ hasText: 'approval.decided' })
          .first()
          .scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENS}/delivery-log-phone-dark.png` });
      } finally {
        await receiver.close();
      }
    },
  );
});
