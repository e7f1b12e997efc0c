import { hashToken, newToken } from '../../lib/tokens';

/** Every integration key starts so, to be told from a session token at a glance (and by scanners). */
const KEY_PREFIX = 'cdk_';
/** Characters of a key kept for display: `cdk_` and the first 8 of its 256 random bits. */
const SHOWN = KEY_PREFIX.length + 8;

/** A new key: shown once, stored as its SHA-256 hash (256 random bits need no slow hash). */
export function newIntegrationKey() {
  const key = `${KEY_PREFIX}${newToken()}`;
  return { key, hash: hashToken(key), prefix: key.slice(0, SHOWN) };
}
