import type { FastifyReply } from 'fastify';
import { HttpError } from '../../lib/http-error';

/** A 429 that says, in Retry-After and its message, when to try again. */
export function tooManyRequests(reply: FastifyReply, seconds: number, message: string) {
  reply.header('retry-after', String(seconds));
  return new HttpError(429, message);
}
