import { faqAdd, faqUpdate } from '@cabdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, requests, server } from '@/testing/api';
import { renderScreen } from '@/testing/render';
import { FaqFormModal } from './faq-form-modal';

const FAQ = {
  id: 7,
  question: 'How do I change my pickup point?',
  answer: 'Open the trip and drag the pin.',
  created_at: '2024-03-05T10:00:00.000Z',
  updated_at: '2024-03-05T10:00:00.000Z',
};

function open(faq: typeof FAQ | null) {
  server.use(
    answer(faqAdd, async ({ request }) => ({ ...FAQ, ...((await request.json()) as object) })),
    answer(faqUpdate, async ({ request }) => ({ ...FAQ, ...((await request.json()) as object) })),
  );
  const onClose = vi.fn();
  const view = renderScreen(<FaqFormModal opened faq={faq} formKey={1} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: faq ? 'Edit FAQ' : 'Add FAQ' });
  const form = within(dialog);
  return { ...view, onClose, form, field: (label: string) => form.getByLabelText(label) };
}

describe('the FAQ popup (SPEC 2, 5)', () => {
  it('explains what is missing; editing a field clears its message only; blank is missing', async () => {
    const { user, form, field } = open(null);
    const add = () => user.click(form.getByRole('button', { name: 'Add' }));
    await add();
    expect(await form.findByText('Please enter your question.')).toBeTruthy();
    expect(form.getByText('Please enter your description.')).toBeTruthy();

    await user.type(field('Question'), 'How do I pay?');
    expect(form.queryByText('Please enter your question.')).toBeNull();
    expect(form.getByText('Please enter your description.')).toBeTruthy();

    await user.type(field('Description'), '   ');
    await add();
    expect(await form.findByText('Please enter your description.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('adds the entry, trimmed, and closes', async () => {
    const { user, form, field, onClose } = open(null);
    await user.type(field('Question'), '  How do I pay?  ');
    await user.type(field('Description'), 'By card or in cash.');
    await user.click(form.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await requests[0]?.json()).toEqual({
      question: 'How do I pay?',
      answer: 'By card or in cash.',
    });
  });

  it('opens an entry prefilled; emptied, its message is back; updated, it is sent by id', async () => {
    const { user, form, field, onClose } = open(FAQ);
    expect((field('Question') as HTMLInputElement).value).toBe(FAQ.question);
    expect((field('Description') as HTMLTextAreaElement).value).toBe(FAQ.answer);
    const update = () => user.click(form.getByRole('button', { name: 'Update' }));
    await user.clear(field('Question'));
    await update();
    expect(await form.findByText('Please enter your question.')).toBeTruthy();

    await user.type(field('Question'), 'Where is my driver?');
    await update();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await requests[0]?.json()).toEqual({
      support_id: 7,
      question: 'Where is my driver?',
      answer: FAQ.answer,
    });
  });
});
