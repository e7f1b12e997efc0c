import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/testing/render';
import { EditDeleteActions } from './edit-delete-actions';

describe("a row's edit and delete icons", () => {
  it('shows each allowed action by its record and runs it', async () => {
    const edit = vi.fn();
    const remove = vi.fn();
    const { user } = renderScreen(
      <EditDeleteActions
        edit={{ tooltip: 'Edit', label: 'Edit FAQ: Fares', onClick: edit }}
        remove={{ tooltip: 'Delete', label: 'Delete FAQ: Fares', onClick: remove }}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit FAQ: Fares' }));
    await user.click(screen.getByRole('button', { name: 'Delete FAQ: Fares' }));
    expect([edit.mock.calls.length, remove.mock.calls.length]).toEqual([1, 1]);
  });

  it('leaves out what the administrator may not do', async () => {
    renderScreen(
      <EditDeleteActions edit={{ tooltip: 'Edit', label: 'Edit FAQ: Fares', onClick: vi.fn() }} />,
    );
    await screen.findByRole('button', { name: 'Edit FAQ: Fares' });
    expect(
      screen.getAllByRole('button').map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Edit FAQ: Fares']);
  });
});
