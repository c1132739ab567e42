import { checkContainerNumber } from './iso6346';

/**
 * What a visitor types in the tracking box: up to MAX_REFERENCES references, one per line or
 * separated by commas, semicolons or spaces between whole references; each is recognised as a
 * container number (ISO 6346, check digit verified), a bill of lading or a booking of ours. The
 * island and the server both use this module, so a typo gets the same message on both sides:
 * a container number whose check digit is wrong is named as such, never "not found".
 *
 * The carrier's numbering (content/brand.json's carrier, SCAC-style prefix SBLU):
 * - container: ISO 6346, any owner code (we carry shippers' own boxes too), e.g. SBLU3096212;
 * - bill of lading: the prefix and 10 digits, e.g. SBLU2611040071;
 * - booking: 10 digits, e.g. 2611040071.
 */

export const MAX_REFERENCES = 10;
/** Prefix of the carrier's bills of lading (and owner code of its containers). */
export const BL_PREFIX = 'SBLU';
export const BOOKING_PATTERN = /^\d{10}$/;
export const BL_PATTERN = /^SBLU\d{10}$/;

export type ReferenceKind = 'container' | 'bl' | 'booking';

export type ReferenceProblem =
  /** 4 letters and 7 digits, but the last digit is not the check digit. */
  | { problem: 'check-digit'; expected: number; given: number }
  /** Looks like a container number but has the wrong length or letters. */
  | { problem: 'container-format' }
  /** Neither a container, a bill of lading nor a booking number. */
  | { problem: 'unknown-format' };

export type ParsedReference = { input: string; value: string } & ({ kind: ReferenceKind } | ReferenceProblem);

/** Upper case, without spaces, hyphens, dots or slashes inside (as printed on a box: "SBLU 309621 2"). */
export function normaliseReference(input: string): string {
  return input
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-./]/g, '');
}

/** Recognises one reference. */
export function parseReference(input: string): ParsedReference {
  const value = normaliseReference(input);
  if (BOOKING_PATTERN.test(value)) return { input, value, kind: 'booking' };
  if (BL_PATTERN.test(value)) return { input, value, kind: 'bl' };
  if (/^[A-Z]{4}\d{7}$/.test(value)) {
    const check = checkContainerNumber(value);
    if (check.ok) return { input, value, kind: 'container' };
    if (check.reason === 'check-digit') return { input, value, problem: 'check-digit', expected: check.expected, given: check.given };
    return { input, value, problem: 'container-format' };
  }
  if (/^[A-Z]{3,4}\d{5,9}$/.test(value) && !value.startsWith(BL_PREFIX)) return { input, value, problem: 'container-format' };
  if (/^[A-Z]{4}\d{4,8}$/.test(value)) return { input, value, problem: 'container-format' };
  return { input, value, problem: 'unknown-format' };
}

/**
 * Splits what was typed into references: lines, commas, semicolons (ASCII and full-width), and
 * spaces between tokens that each are a reference on their own; "SBLU 309621 2" stays one. Empty
 * parts are dropped; a reference given twice is kept once.
 */
export function splitReferences(text: string): string[] {
  const parts = text
    .normalize('NFKC')
    .split(/[\n\r,;，；、]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    const tokens = part.split(/\s+/);
    // several whole references on one line, separated by spaces
    const separate = tokens.length > 1 && tokens.every((t) => 'kind' in parseReference(t));
    for (const piece of separate ? tokens : [part]) {
      const key = normaliseReference(piece);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      out.push(piece);
    }
  }
  return out;
}

export interface ParsedInput {
  references: ParsedReference[];
  /** More than MAX_REFERENCES were given: only the first MAX_REFERENCES are kept. */
  truncated: boolean;
}

export function parseReferences(text: string): ParsedInput {
  const all = splitReferences(text);
  return { references: all.slice(0, MAX_REFERENCES).map(parseReference), truncated: all.length > MAX_REFERENCES };
}
