import { getProfile } from '@cabdesk/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, server } from '@/testing/api';
import { me } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { RecordDecisions } from './record-decisions';

const driver = { id: 7, status: 'Active', status_reason: null, approval: 'Pending' };

function open(record = driver, withStatus = true) {
  server.use(answer(getProfile, me()));
  const statusUpdate = { isPending: false, mutateAsync: vi.fn(() => Promise.resolve()) };
  const approval = { isPending: false, mutateAsync: vi.fn(() => Promise.resolve()) };
  const view = renderScreen(
    <RecordDecisions
      kind="driver"
      record={record}
      name="Ann Lee"
      statusUpdate={statusUpdate}
      approval={approval}
      withStatus={withStatus}
    />,
  );
  return { ...view, statusUpdate, approval };
}

describe("a detail page's decisions", () => {
  it('deactivates only with a reason, and sends it', async () => {
    const { user, statusUpdate } = open();
    await user.click(await screen.findByRole('switch', { name: /Ann Lee/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate' });
    within(dialog).getByText('Are you sure you want to deactivate Ann Lee?');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await within(dialog).findByText('Please enter a reason.');
    expect(statusUpdate.mutateAsync).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Expired papers');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(statusUpdate.mutateAsync).toHaveBeenCalledWith({
      id: 7,
      status: 'Inactive',
      reason: 'Expired papers',
    });
  });

  it('rejects only with a reason, and sends it', async () => {
    const { user, approval } = open();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject' });
    within(dialog).getByText('Are you sure you want to reject Ann Lee?');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await within(dialog).findByText('Please enter a reason.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Unreadable licence');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(approval.mutateAsync).toHaveBeenCalledWith({
      id: 7,
      approval: 'Rejected',
      reason: 'Unreadable licence',
    });
  });

  it('shows no switch where the status is not yet decided on', async () => {
    open({ ...driver, approval: 'Approved' }, false);
    await screen.findByText('Approved');
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
