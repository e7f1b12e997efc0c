import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render';
import { DeleteButton } from './delete-button';

/** A directory list's rows as RecordTable draws them: each with its delete icon. */
function Rows() {
  const [plates, setPlates] = useState(['AB-1', 'AB-2', 'AB-3']);
  return (
    <table aria-label="Vehicle List">
      <tbody>
        {plates.map((plate) => (
          <tr key={plate}>
            <td>{plate}</td>
            <td>
              <DeleteButton
                name={plate}
                pending={false}
                onDelete={async () => {
                  await Promise.resolve();
                  setPlates((all) => all.filter((kept) => kept !== plate));
                }}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

describe("a list row's delete", () => {
  it('after the confirmed delete puts the focus on the next row, not on the page', async () => {
    const { user } = renderScreen(<Rows />);
    const table = screen.getByRole('table', { name: 'Vehicle List' });
    await user.click(within(table).getByRole('button', { name: 'Delete AB-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Delete' }));

    await waitFor(() => expect(within(table).queryByText('AB-1')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Delete AB-2'),
    );
  });
});
