import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The generated key's file in DATA_DIR when UPLOAD_SIGNING_KEY is unset. */
export const UPLOAD_KEY_FILE = 'upload-signing-key';
const KEY_BYTES = 32;

/** A signing key written as hex or base64 (either alphabet) of at least 32 bytes; null otherwise. */
export function parseSigningKey(text: string): Buffer | null {
  const value = text.trim();
  let key: Buffer;
  if (/^(?:[0-9a-f]{2})+$/i.test(value)) key = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) key = Buffer.from(value, 'base64');
  else return null;
  return key.length >= KEY_BYTES ? key : null;
}

const readKey = (file: string) => {
  const key = parseSigningKey(readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} is not an upload signing key (${KEY_BYTES}+ bytes, base64)`);
  return key;
};

/**
 * The key that signs upload URLs: UPLOAD_SIGNING_KEY, else the one generated
 * once into DATA_DIR. Instances that share uploads must share the key (set it).
 */
export function loadUploadSigningKey(config: {
  uploadSigningKey: Buffer | undefined;
  dataDir: string;
}): Buffer {
  if (config.uploadSigningKey) return config.uploadSigningKey;
  const file = join(config.dataDir, UPLOAD_KEY_FILE);
  try {
    return readKey(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(config.dataDir, { recursive: true });
  // Written whole under a name of its own, then linked into place: link() fails
  // if another process got there first (theirs is read back), and nobody ever
  // reads a half-written key.
  const draft = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(draft, `${randomBytes(KEY_BYTES).toString('base64url')}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    linkSync(draft, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(draft, { force: true });
  }
  return readKey(file);
}
