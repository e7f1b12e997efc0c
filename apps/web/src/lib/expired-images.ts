import type { QueryClient } from '@tanstack/react-query';

/** Image URLs that already asked for fresh data: a file that is really missing does not loop. */
const refreshed = new Set<string>();

/**
 * Uploaded documents come as signed URLs that expire (at least an hour after
 * the API answered them; the API's lib/uploads.ts). A page left open longer
 * keeps the images the browser holds, but the next load of an expired URL
 * (opening the zoom, a photo scrolled into view) fails with 403. Then the
 * queries whose data holds that URL are fetched again, which answers fresh
 * URLs and the image loads. Pages opened again refetch anyway (staleTime 0).
 */
export function refreshImageUrl(queryClient: QueryClient, src: string | null | undefined) {
  if (!src || refreshed.has(src)) return;
  refreshed.add(src);
  // As the URL appears inside JSON (a `/` is not escaped, a `"` would be).
  const needle = JSON.stringify(src).slice(1, -1);
  void queryClient.invalidateQueries({
    predicate: (query) => JSON.stringify(query.state.data ?? null).includes(needle),
  });
}
