import type { FieldErrors } from '@cabdesk/contract';

/** A failure the client caused or may act on: answered with its status and message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 4xx naming the one field at fault, with its message. */
export const onField = (status: number, field: string, message: string) =>
  new HttpError(status, message, { [field]: message });
