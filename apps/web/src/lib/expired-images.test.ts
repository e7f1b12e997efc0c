import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshImageUrl } from './expired-images';

const expired = '/uploads/seed/3f2a.svg?exp=1750000000&sig=abc';

function clientWithPages() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['vehicle', 7], { data: { insurance: expired, vehicle_front: null } });
  queryClient.setQueryData(['vehicle', 8], {
    data: { insurance: '/uploads/seed/other.svg?exp=1' },
  });
  queryClient.setQueryData(['notifications'], { data: [] });
  const invalidated = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { queryClient, invalidated };
}

describe('an image that fails to load', () => {
  it('fetches again the queries whose data holds its URL, and only those', () => {
    const { queryClient, invalidated } = clientWithPages();
    refreshImageUrl(queryClient, expired);
    expect(invalidated(['vehicle', 7])).toBe(true);
    expect(invalidated(['vehicle', 8])).toBe(false);
    expect(invalidated(['notifications'])).toBe(false);
  });

  it('asks once per URL, so a missing file does not loop', () => {
    const missing = '/uploads/seed/gone.svg?exp=1&sig=x';
    const first = clientWithPages();
    first.queryClient.setQueryData(['driver'], { profile: missing });
    refreshImageUrl(first.queryClient, missing);
    expect(first.invalidated(['driver'])).toBe(true);

    const again = clientWithPages();
    again.queryClient.setQueryData(['driver'], { profile: missing });
    refreshImageUrl(again.queryClient, missing);
    expect(again.invalidated(['driver'])).toBe(false);
    refreshImageUrl(again.queryClient, null);
  });
});
