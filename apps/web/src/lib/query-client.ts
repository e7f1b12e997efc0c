import { MutationCache, QueryClient, type Query } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api-client';
import { translateMessage } from './i18n';
import { toastError, toastSuccess, type ToastOptions } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * SPEC 8: a failed mutation shows the server's message (or "Something
       * went wrong") as an error toast, with these options; `false` when the
       * caller shows the failure itself.
       */
      errorToast?: ToastOptions | false;
      /** A success shows the server's message as a toast (`true`: the default place). */
      successToast?: ToastOptions | true;
    };
  }
}

/** Client errors (4xx) will not change on retry; a lost connection or a 5xx may. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

const messageOf = (answer: unknown) =>
  typeof answer === 'object' && answer !== null && 'message' in answer
    ? String(answer.message)
    : undefined;

/** The one place that toasts what a mutation's answer says (SPEC 8, 9). */
const mutationCache = new MutationCache({
  onError: (error, _variables, _context, mutation) => {
    const options = mutation.meta?.errorToast ?? {};
    if (options !== false) toastError(translateMessage(errorMessage(error)), options);
  },
  onSuccess: (answer, _variables, _context, mutation) => {
    const options = mutation.meta?.successToast;
    const message = messageOf(answer);
    if (options && message !== undefined) {
      toastSuccess(translateMessage(message), options === true ? {} : options);
    }
  },
});

/**
 * The queries a route started for its screen (app/screen-calls.ts): their
 * answers stay fresh for two seconds, so the screen mounting on them does not
 * ask again, and only until the screen leaves (below). Every other answer is
 * stale at once: a screen opened again asks for its data, and shows what was
 * decided elsewhere meanwhile.
 */
const startedForScreen = new WeakSet<Query>();
const SCREEN_ANSWER_FRESH_MS = 2_000;

export const queryClient = new QueryClient({
  mutationCache,
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      refetchOnWindowFocus: false,
      staleTime: (query) => (startedForScreen.has(query) ? SCREEN_ANSWER_FRESH_MS : 0),
    },
    mutations: { retry: false },
  },
});

// The screen that asked for a route's answer has left: the answer is an ordinary one again.
queryClient.getQueryCache().subscribe((event) => {
  if (event.type === 'observerRemoved') startedForScreen.delete(event.query);
});

/** Starts a query for a screen about to render (app/screen-calls.ts); see `startedForScreen`. */
export const prefetchForScreen: QueryClient['prefetchQuery'] = (options) => {
  const fetched = queryClient.prefetchQuery(options);
  const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query) startedForScreen.add(query);
  return fetched;
};
