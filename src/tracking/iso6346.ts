/**
 * ISO 6346 container identification: a 3-letter owner code, an equipment category identifier
 * (U freight container, J detachable equipment, Z trailer or chassis), a 6-digit serial number
 * and a check digit. The check digit is worked out from the first ten characters: each letter
 * has a value from 10 up, skipping 11 and its multiples (A=10, B=12 … Z=38), each digit its own
 * value; each value is multiplied by 2 to the power of its position (0 to 9), the products are
 * summed, the sum taken modulo 11, and a remainder of 10 is written 0.
 */

const LETTER_VALUES: Record<string, number> = (() => {
  const values: Record<string, number> = {};
  let v = 10;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (v % 11 === 0) v++;
    values[letter] = v++;
  }
  return values;
})();

/** Owner code, category and serial: the ten characters the check digit is computed from. */
export const CONTAINER_BODY = /^[A-Z]{3}[UJZ]\d{6}$/;
/** A whole container number: the ten characters and the check digit. */
export const CONTAINER_NUMBER = /^[A-Z]{3}[UJZ]\d{7}$/;

/** The check digit of the first ten characters of a container number. */
export function checkDigit(body: string): number {
  if (!CONTAINER_BODY.test(body)) throw new Error(`not the first ten characters of a container number: ${body}`);
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const c = body[i];
    const value = i < 4 ? LETTER_VALUES[c] : c.charCodeAt(0) - 48;
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** A container number from its first ten characters (check digit appended). */
export function withCheckDigit(body: string): string {
  return `${body}${checkDigit(body)}`;
}

export type ContainerCheck = { ok: true } | { ok: false; reason: 'format' } | { ok: false; reason: 'check-digit'; expected: number; given: number };

/** Whether a normalised string is a container number with a correct check digit, and if not why. */
export function checkContainerNumber(value: string): ContainerCheck {
  if (!CONTAINER_NUMBER.test(value)) return { ok: false, reason: 'format' };
  const expected = checkDigit(value.slice(0, 10));
  const given = Number(value[10]);
  return expected === given ? { ok: true } : { ok: false, reason: 'check-digit', expected, given };
}
