/** Where the API serves the upload directory (see app.ts). */
export const UPLOADS_PREFIX = '/uploads/';

/**
 * A stored upload path (relative to the upload root, e.g. `seed/profile-1.svg`)
 * as the URL the browser loads. Absolute URLs are kept; blanks are null.
 */
export function uploadUrl(path: string | null | undefined): string | null {
  if (!path || path.trim() === '') return null;
  if (/^(https?:)?\/\//i.test(path) || path.startsWith(UPLOADS_PREFIX)) return path;
  const relative = path.replace(/^\/+/, '');
  return UPLOADS_PREFIX + relative.split('/').map(encodeURIComponent).join('/');
}

/** Several stored paths as URLs, dropping blanks. */
export const uploadUrls = (paths: readonly (string | null)[] | null | undefined): string[] =>
  (paths ?? []).map(uploadUrl).filter((url): url is string => url !== null);
