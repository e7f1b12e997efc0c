import { couponAdd, couponUpdate, type Coupon } from '@cabdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, refusal, requests, server } from '@/testing/api';
import { renderScreen } from '@/testing/render';
import { CouponFormModal } from './coupon-form-modal';

const TAKEN = 'This coupon code already exists.';

function open() {
  server.use(
    answer(couponAdd, async ({ request }) => {
      const body = (await request.json()) as {
        title: string;
        coupon_code: string;
        discount: number;
        description: string;
      };
      // The server's answer to a code in use, whatever its case.
      if (body.coupon_code.toUpperCase() === 'WEEKEND') {
        return refusal(409, TAKEN, { coupon_code: TAKEN });
      }
      return { id: 9, ...body, suspend_status: 0 as const, created_at: '2024-03-05T10:00:00.000Z' };
    }),
  );
  const onClose = vi.fn();
  const view = renderScreen(<CouponFormModal opened formKey={1} onClose={onClose} />);
  const form = within(screen.getByRole('dialog', { name: 'Add Coupon' }));
  const add = () => view.user.click(form.getByRole('button', { name: 'Add' }));
  return { ...view, onClose, form, add, field: (label: string) => form.getByLabelText(label) };
}

describe('the coupon popup (SPEC 2, 5)', () => {
  it('gives SPEC’s four messages; typing in a field clears its own', async () => {
    const { user, form, field, add } = open();
    await add();
    for (const message of [
      'Please enter title.',
      'Please enter coupon code.',
      'Please enter percentage.',
      'Please enter your description.',
    ]) {
      expect(await form.findByText(message)).toBeTruthy();
    }
    await user.type(field('Title'), 'Weekend rides');
    expect(form.queryByText('Please enter title.')).toBeNull();
    expect(form.getByText('Please enter coupon code.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('holds the server’s rules before sending: letters and digits, 1 to 100', async () => {
    const { user, form, field, add } = open();
    await user.type(field('Title'), 'Weekend rides');
    await user.type(field('Coupon Code'), 'WEEK END!');
    await user.type(field('Coupon Percentage'), '150');
    await user.type(field('Description'), 'Fifteen percent off.');
    await add();
    expect(
      await form.findByText('The coupon code may contain only letters and digits.'),
    ).toBeTruthy();
    expect(form.getByText('The percentage must be a whole number from 1 to 100.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('puts the server’s refusal of a code in use under the field, until it is edited', async () => {
    const { user, form, field, add, onClose } = open();
    await user.type(field('Title'), 'Weekend rides');
    await user.type(field('Coupon Code'), 'weekend');
    await user.type(field('Coupon Percentage'), '15');
    await user.type(field('Description'), 'Fifteen percent off.');
    await add();
    expect(await form.findByText(TAKEN)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    await user.type(field('Coupon Code'), '2');
    expect(form.queryByText(TAKEN)).toBeNull();
    await add();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await requests.at(-1)?.json()).toEqual({
      title: 'Weekend rides',
      coupon_code: 'WEEKEND2',
      discount: 15,
      description: 'Fifteen percent off.',
    });
  });

  it('edits a coupon: its values filled in, Update sends them with its id, the code in capitals', async () => {
    const coupon: Coupon = {
      id: 7,
      title: 'Weekend rides',
      coupon_code: 'WEEKEND15',
      discount: 15,
      description: 'Fifteen percent off.',
      suspend_status: 0,
      created_at: '2024-03-05T10:00:00.000Z',
    };
    server.use(
      answer(couponUpdate, async ({ request }) => ({
        ...coupon,
        ...((await request.json()) as Partial<Coupon>),
      })),
    );
    const onClose = vi.fn();
    const { user } = renderScreen(
      <CouponFormModal opened formKey={1} coupon={coupon} onClose={onClose} />,
    );
    const form = within(await screen.findByRole('dialog', { name: 'Edit Coupon' }));
    expect((form.getByLabelText('Coupon Code') as HTMLInputElement).value).toBe('WEEKEND15');
    expect((form.getByLabelText('Coupon Percentage') as HTMLInputElement).value).toBe('15');
    await user.clear(form.getByLabelText('Coupon Code'));
    await user.type(form.getByLabelText('Coupon Code'), 'longweekend20');
    await user.click(form.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await requests.at(-1)?.json()).toEqual({
      coupon_id: 7,
      title: 'Weekend rides',
      coupon_code: 'LONGWEEKEND20',
      discount: 15,
      description: 'Fifteen percent off.',
    });
  });
});
