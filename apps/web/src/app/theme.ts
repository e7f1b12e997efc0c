import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white text on filled buttons (indigo, red) above WCAG AA contrast.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // A person who asks the system for less motion gets popups, toasts and
  // overlays without their transitions (WCAG 2.3.3); so do the browser walks.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { fw: 600 } },
    // A dialog's header is no page banner (axe: one banner landmark, the app's header).
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // A select's options are rendered as it opens, not with the screen: Mantine keeps every
    // closed dropdown in the page by default, each positioned as it mounts (the layout it
    // reads held the trip list's first render; docs/decisions/023).
    Combobox: { defaultProps: { keepMounted: false } },
  },
});
