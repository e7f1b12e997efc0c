import { createHash, randomBytes } from 'node:crypto';

/** An opaque bearer token: 32 random bytes, base64url. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens and codes are stored only as this hash. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
