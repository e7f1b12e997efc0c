import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';

interface ScreenOptions {
  /** The route pattern the element answers (`/faq`), so `useParams` and links work. */
  path?: string;
  /** The address it opens on (`/faq?page=2`). */
  url?: string;
  /** Fake timers in the test: user-event then advances them instead of waiting. */
  advanceTimers?: (ms: number) => unknown;
}

/**
 * Renders one screen or component as the app does (Mantine, TanStack Query,
 * toasts) under a router in memory, and a user to act on it. `location()`
 * is where the router is now: a list's URL state is read from it.
 */
export function renderScreen(element: ReactElement, options: ScreenOptions = {}) {
  const { path = '/', url = path, advanceTimers } = options;
  // Anywhere else the screen sends the user renders nothing: `location()` tells where.
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: null },
    ],
    { initialEntries: [url] },
  );
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => router.state.location;
  const params = () => new URLSearchParams(location().search);
  return { ...view, user, router, location, params };
}
