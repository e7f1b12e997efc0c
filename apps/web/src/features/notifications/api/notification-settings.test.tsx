import { notificationSettingsGet, notificationSettingsUpdate } from '@cabdesk/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeyOf } from '@/lib/call';
import { queryClient } from '@/lib/query-client';
import { answer, server } from '@/testing/api';
import { renderScreen } from '@/testing/render';
import { useNotificationSettings, useSaveNotificationSettings } from './notification-settings';

/** The muted kinds as the bell shows them, and a button that mutes drivers' registrations. */
function Muted() {
  const settings = useNotificationSettings(true);
  const save = useSaveNotificationSettings();
  return (
    <>
      <output aria-label="muted">{(settings.data?.muted_kinds ?? []).join(',') || 'none'}</output>
      <button type="button" onClick={() => save.mutate({ muted_kinds: ['driver_registered'] })}>
        mute
      </button>
    </>
  );
}

describe('the muted kinds (issue 45)', () => {
  it('keeps what was saved when an answer asked for before the save comes after it', async () => {
    let reads = 0;
    let answerSlowRead = (): void => undefined;
    server.use(
      answer(notificationSettingsGet, () => {
        reads += 1;
        if (reads === 1) return { muted_kinds: [] };
        // The second read (the bell opened again) answers after the save, with what it read before.
        return new Promise((resolve) => {
          answerSlowRead = () => resolve({ muted_kinds: [] });
        });
      }),
      answer(notificationSettingsUpdate, { muted_kinds: ['driver_registered'] }),
    );
    const { user } = renderScreen(<Muted />);
    await waitFor(() => expect(screen.getByLabelText('muted').textContent).toBe('none'));

    void queryClient.refetchQueries({ queryKey: queryKeyOf(notificationSettingsGet) });
    await waitFor(() => expect(reads).toBe(2));
    await user.click(screen.getByRole('button', { name: 'mute' }));
    await waitFor(() =>
      expect(screen.getByLabelText('muted').textContent).toBe('driver_registered'),
    );
    answerSlowRead();
    await new Promise((settled) => setTimeout(settled, 50));
    expect(screen.getByLabelText('muted').textContent).toBe('driver_registered');
  });
});
