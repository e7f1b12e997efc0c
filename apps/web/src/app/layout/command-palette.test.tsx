import { getProfile, recordLookup } from '@cabdesk/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, server } from '@/testing/api';
import { me } from '@/testing/builders';
import { renderScreen } from '@/testing/render';
import { CommandPalette } from './command-palette';

describe('the command palette', () => {
  it('Enter never opens a hit of what was typed before: a screen typed quickly opens that screen', async () => {
    server.use(
      answer(getProfile, me()),
      answer(recordLookup, ({ url }) =>
        url.searchParams.get('q') === 'KA-1234'
          ? [{ kind: 'vehicle' as const, id: 120, label: 'KA-1234', route: '/vehicle-detail/120' }]
          : [],
      ),
    );
    const { user, location } = renderScreen(<CommandPalette />);

    await user.keyboard('{Control>}k{/Control}');
    const search = await screen.findByRole('textbox', { name: 'Search records and screens' });
    await user.type(search, 'KA-1234');
    await screen.findByRole('button', { name: /KA-1234/ });

    // Typed faster than the lookup's pause: the plate's hit must not stay first.
    await user.clear(search);
    await user.type(search, 'audit');
    await screen.findByRole('button', { name: 'Audit log' });
    await user.keyboard('{Enter}');

    expect(location().pathname).toBe('/audit-log');
  });
});
