import { HttpError } from './http-error';

/** A request's headers as a content-type parser is given them. */
export type RequestHeaders = Record<string, string | string[] | undefined>;

/**
 * The form a request's body carries (url-encoded or multipart), read by the
 * platform's own `Response.formData()`; a body it cannot read is a 400.
 */
export async function readForm(headers: RequestHeaders, body: Buffer): Promise<FormData> {
  const contentType = String(headers['content-type'] ?? '');
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new HttpError(400, 'The form data could not be read.');
  }
}
