import { deleteData, faqList, getProfile } from '@cabdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@/testing/api';
import { me, pageOf } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { FaqPage } from './faq-page';

const faq = (id: number) => ({
  id,
  question: `Question ${id}`,
  answer: `Answer ${id}`,
  created_at: '2024-03-05T10:00:00.000Z',
  updated_at: '2024-03-05T10:00:00.000Z',
});

/** Three entries on the server; delete-data takes one away, as the API does. */
function open() {
  let ids = [1, 2, 3];
  server.use(
    answer(getProfile, me()),
    answer(faqList, () => pageOf((n) => faq(ids[n - 1]!), 1, 10, ids.length)),
    answer(
      deleteData,
      async ({ request }) => {
        const { id } = (await request.json()) as { id: number };
        ids = ids.filter((kept) => kept !== id);
        return { id };
      },
      'Deleted successfully.',
    ),
  );
  return renderScreen(<FaqPage />, { path: '/faq' });
}

describe('the FAQ list', () => {
  it('after a confirmed delete puts the focus on the next row, not on the page', async () => {
    const { user } = open();
    const table = await screen.findByRole('table', { name: 'FAQ list' });
    await user.click(await within(table).findByRole('button', { name: 'Delete FAQ: Question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete FAQ' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Delete' }));

    await waitFor(() => expect(within(table).queryByText('Question 1')).toBeNull());
    const focused = document.activeElement;
    expect(focused?.closest('tr')).not.toBeNull();
    expect(within(focused!.closest('tr')!).queryByText('Question 2')).not.toBeNull();
  });
});
