import { dictionary } from '@zxcvbn-ts/language-common';

/** The shortest password a staff account may have. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * The 10,000 most common passwords (zxcvbn-ts's ranked list, from leaked-password corpora, shipped
 * in the npm package: nothing is asked of the internet), lower-cased.
 */
const COMMON = new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase()));

/**
 * Whether a password is among the most common ones, also when it only adds digits or repeats one
 * ("password2024", "qwertyqwerty" are refused as "password" and "qwerty" would be).
 */
export function isCommonPassword(password: string): boolean {
  const p = password.normalize('NFKC').trim().toLowerCase();
  if (COMMON.has(p)) return true;
  const stem = p.replace(/[\d\W_]+$/u, '');
  if (stem.length >= 4 && COMMON.has(stem)) return true;
  const half = p.length % 2 === 0 ? p.slice(0, p.length / 2) : '';
  return half.length >= 4 && half + half === p && COMMON.has(half);
}

export type PasswordProblem = 'tooShort' | 'tooLong' | 'tooCommon';

/** What is wrong with a new password, or null. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'tooShort';
  if (password.length > MAX_PASSWORD_LENGTH) return 'tooLong';
  if (isCommonPassword(password)) return 'tooCommon';
  return null;
}
