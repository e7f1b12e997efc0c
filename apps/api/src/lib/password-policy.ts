import { readFileSync } from 'node:fs';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cabdesk/contract';

/** Shown when an administrator picks a password from the common-passwords list. */
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common. Please choose a less predictable one.';

let common: Set<string> | undefined;

/** The 1,000 most common passwords (common-passwords.txt beside this file), lower-cased. */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => line.toLowerCase()),
  );
  return common;
}

/** True for a password of the common list, in any letter case. */
export const isCommonPassword = (password: string) =>
  commonPasswords().has(password.normalize('NFKC').trim().toLowerCase());

/**
 * Why a password may not be set (too short, too long, too common), or null.
 * For passwords that do not arrive through a form of the contract (the
 * server's own commands, the environment).
 */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  return isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null;
}
