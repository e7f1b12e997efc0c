import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render';
import { ImageZoom } from './image-zoom';

describe('a document image', () => {
  it('says what it is and whose, on the thumbnail and full size', async () => {
    const { user } = renderScreen(
      <ImageZoom src="/uploads/dl.png" label="Licence Front" of="Jane Doe" />,
    );
    expect((await screen.findByRole('img')).getAttribute('alt')).toBe('Licence Front of Jane Doe');
    await user.click(screen.getByRole('button', { name: 'Zoom Licence Front' }));
    const dialog = await screen.findByRole('dialog', { name: 'Licence Front' });
    expect(dialog.querySelector('img')?.getAttribute('alt')).toBe('Licence Front of Jane Doe');
  });
});
