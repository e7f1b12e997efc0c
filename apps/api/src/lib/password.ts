import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';

/**
 * Passwords are hashed with scrypt (r 8, p 1, N = 2^cost) and stored with their
 * parameters, `scrypt$<log2N>$<r>$<p>$<salt>$<hash>`, so the cost can be raised
 * later without breaking stored hashes.
 */
const KEY_LENGTH = 64;

/**
 * A hash holds a libuv thread and up to 128 MiB for as long as it runs, and
 * the public calls can start one. So hashing runs in two lanes, checking a
 * password (sign-in, step-up) and making a new hash (invitation, reset,
 * change), each one hash at a time with a queue as long as one client's
 * sign-in limit. A full lane refuses at once (HashingBusy, a 503), so a flood
 * neither fills memory nor takes the threads that static files and the
 * database need, and one kind of call cannot starve the other.
 */
const WAITING_MAX = 10;
const lanes = { check: pLimit(1), hash: pLimit(1) };

/** A lane of password hashing is full: the call is refused at once, nothing changed. */
export class HashingBusy extends Error {
  constructor() {
    super('password hashing is busy');
    this.name = 'HashingBusy';
  }
}

function inLane<T>(lane: LimitFunction, work: () => Promise<T>): Promise<T> {
  if (lane.pendingCount >= WAITING_MAX) return Promise.reject(new HashingBusy());
  return lane(work);
}

function derive(password: string, salt: Buffer, logN: number, r: number, p: number) {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await inLane(lanes.hash, () => derive(password, salt, logN, 8, 1));
  return ['scrypt', logN, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await inLane(lanes.check, () =>
    derive(password, Buffer.from(salt, 'base64'), Number(logN), Number(r), Number(p)),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}
