import { useMediaQuery } from '@mantine/hooks';

/** Below 768 px (Mantine's `sm`): lists become cards, filters open in a drawer. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** True on a phone-sized screen; read at once, so a phone never paints the desktop layout first. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
}
