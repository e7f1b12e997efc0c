import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  apiGet,
  describeWalks,
  inApp,
  type Paged,
  signInByApi,
  toast,
  toastAfter,
} from '../support/browser';

interface Waiting {
  kind: 'company' | 'driver' | 'vehicle';
  table: 'users' | 'vehicles';
  id: number;
  name: string;
}

const REASON = 'The licence photo is blurred.';

/** The review screen of `item` is open: its name is the heading. */
const opened = (page: Page, item: Waiting) =>
  page.getByRole('heading', { name: item.name, level: 2 }).waitFor();

/** The field that has the focus: its type (date, textarea) or tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('type') ?? element?.tagName.toLowerCase() ?? '';
  });

/** The documents are what the screen is for: each has loaded, none is broken. */
async function documentsShown(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images].every((image) => image.complete && image.naturalWidth > 0),
      ),
    )
    .toBe(true);
}

describe('the review desk', () => {
  const walk = describeWalks();

  walk(
    'five pending records are reviewed from the inbox with the keyboard, one rejected with a reason',
    async ({ page, baseUrl, admin }) => {
      await page.setViewportSize({ width: 1366, height: 860 });
      const token = await signInByApi(page, baseUrl, admin, '/review');
      const queue = await apiGet<Paged<Waiting>>(baseUrl, token, 'review-queue?per_page=6');
      expect(queue.data.length).toBe(6);
      const items = queue.data;

      // The sidebar counts what waits; the inbox lists it oldest first.
      await page.getByLabel(`${queue.total} waiting for review`).waitFor();
      const rows = page.getByRole('table', { name: 'Review desk' }).locator('tbody tr');
      await rows.first().waitFor();
      await expect.poll(() => rows.first().textContent()).toContain(items[0]!.name);

      // J opens the oldest; each decision opens the next.
      await page.keyboard.press('j');
      await opened(page, items[0]!);
      await documentsShown(page);

      // Z zooms; Compare puts the next document beside the one shown; Rotate turns it.
      const zoom = page.getByRole('button', { name: 'Zoom (Z)' });
      await page.keyboard.press('z');
      expect(await zoom.getAttribute('aria-pressed')).toBe('true');
      await page.keyboard.press('z');
      expect(await zoom.getAttribute('aria-pressed')).toBe('false');
      await page.getByRole('button', { name: 'Compare side by side' }).click();
      await expect.poll(() => page.getByTestId('review-document').count()).toBe(2);
      await page.getByRole('button', { name: 'Rotate' }).click();
      await expect
        .poll(() =>
          page.getByTestId('review-document').first().locator('img').getAttribute('style'),
        )
        .toContain('rotate(90deg)');

      for (const [index, item] of items.slice(0, 5).entries()) {
        await opened(page, item);
        if (index === 2) {
          // R: the reason's field takes the focus; typed, Enter rejects.
          await page.keyboard.press('r');
          await expect.poll(() => focused(page)).toBe('textarea');
          await page.keyboard.press('Enter');
          await page.getByText('Please enter a reason.').waitFor();
          await page.keyboard.type(REASON);
          await page.keyboard.press('Enter');
          await toast(page, `Rejected ${item.name}.`).waitFor();
        } else {
          // A: an expiring document without a date takes the focus until each has one.
          await page.keyboard.press('a');
          for (let guard = 0; guard < 3 && (await focused(page)) === 'date'; guard++) {
            await page.keyboard.type('12312027');
            await page.keyboard.press('Enter');
          }
          await toast(page, `Approved ${item.name}.`).waitFor();
        }
      }
      await opened(page, items[5]!);

      // The rejected one: the reason on its page, and the decision in its history.
      const rejected = items[2]!;
      const detail = await apiGet<{ approval: string; approval_reason: string }>(
        baseUrl,
        token,
        rejected.table === 'users'
          ? `user-detail?user_id=${rejected.id}`
          : `vehicle-detail?vehicle_id=${rejected.id}`,
      );
      expect(detail).toMatchObject({ approval: 'Rejected', approval_reason: REASON });
      // Its page opened from the desk, as its name's link does: "Vehicle Detail" and the like.
      const detailOf = `/${rejected.kind}-detail/${rejected.id}`;
      const detailHeading = `${rejected.kind[0]!.toUpperCase()}${rejected.kind.slice(1)} Detail`;
      await inApp(page, detailOf, detailHeading);
      await page.getByText(`Reason: ${REASON}`).first().waitFor();
      await page.getByRole('tab', { name: 'History' }).click();
      const history = page.getByRole('tabpanel', { name: 'History' });
      await history.getByText('Decision').first().waitFor();
      await history.getByText('approval: Pending → Rejected').waitFor();
      await history.getByText(`Reason: ${REASON}`).waitFor();

      // An internal note: who and when, newest first, and in the history too.
      await page.getByRole('tab', { name: 'Notes' }).click();
      const notes = page.getByRole('tabpanel', { name: 'Notes' });
      await notes.getByRole('button', { name: 'Add note' }).click();
      await notes.getByText('Please enter a note.').waitFor();
      await notes.getByLabel('New internal note').fill('Called the owner: new photo coming.');
      await toastAfter(page, 'Note added successfully.', () =>
        notes.getByRole('button', { name: 'Add note' }).click(),
      );
      await notes.getByText('Called the owner: new photo coming.').waitFor();
      await notes
        .getByText(/^Administrator · /)
        .first()
        .waitFor();

      // The approved ones are approved; the sixth still waits.
      for (const item of [items[0]!, items[1]!, items[3]!, items[4]!]) {
        const decided = await apiGet<{ approval: string }>(
          baseUrl,
          token,
          item.table === 'users'
            ? `user-detail?user_id=${item.id}`
            : `vehicle-detail?vehicle_id=${item.id}`,
        );
        expect(decided.approval, item.name).toBe('Approved');
      }

      // What expires within 30 days (the demo has some soon and some expired).
      await inApp(page, '/expiring-documents', 'Expiring documents');
      const expiring = page.getByRole('table', { name: 'Expiring documents' }).locator('tbody tr');
      await expiring.first().waitFor();
      await page.getByText('Expired').first().waitFor();

      // On a phone: the same screen, stacked.
      await page.setViewportSize({ width: 390, height: 844 });
      await inApp(page, '/review', 'Review desk');
      // A phone shows the inbox as cards.
      await page.getByRole('list', { name: 'Review desk' }).getByRole('listitem').first().waitFor();
      await page.keyboard.press('j');
      await opened(page, items[5]!);
      await documentsShown(page);
      await inApp(page, detailOf, detailHeading);
      await page.getByRole('tab', { name: 'History' }).click();
      await page.getByRole('tabpanel', { name: 'History' }).getByText('Decision').first().waitFor();
    },
    180_000,
  );

  walk('a decision is undone from its toast', async ({ page, baseUrl, admin }) => {
    const token = await signInByApi(page, baseUrl, admin, '/review?kind=driver');
    const queue = await apiGet<Paged<Waiting>>(baseUrl, token, 'review-queue?kind=driver');
    const item = queue.data[0]!;
    const rows = page.getByRole('table', { name: 'Review desk' }).locator('tbody tr');
    await expect.poll(() => rows.first().textContent()).toContain(item.name);
    await page.getByLabel(/waiting for review/).waitFor();
    await page.keyboard.press('j');
    await opened(page, item);
    await page.keyboard.press('r');
    await page.getByText('The licence is unreadable.').click();
    await page.getByRole('button', { name: 'Confirm reject' }).click();
    const decided = toast(page, `Rejected ${item.name}.`);
    await toastAfter(page, 'Decision undone.', () =>
      decided.getByRole('button', { name: 'Undo' }).click(),
    );
    // The undone record is open again, and Pending.
    await opened(page, item);
    const after = await apiGet<{ approval: string; approval_reason: string | null }>(
      baseUrl,
      token,
      `user-detail?user_id=${item.id}`,
    );
    expect(after).toMatchObject({ approval: 'Pending', approval_reason: null });
  });
});
