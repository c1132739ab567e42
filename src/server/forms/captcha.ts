import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { lt } from 'drizzle-orm';
import { CODE } from '../../contract/wire';
import type { MessageKey } from '../../i18n/t';
import type { Db } from '../db';
import { captchaUses } from '../db/schema';
import { WireError } from '../handle';
import { CAPTCHA_LENGTH } from '../../forms/validation/contact';
import { say } from './messages';
import { metrics } from '../../observability/metrics.mjs';

/**
 * Captchas: an SVG picture of 4 characters (svg-captcha's glyphs, colour and noise
 * lines; the text is drawn with crypto randomness, not Math.random) and a sign.
 *
 * The sign is `v1.<nonce>.<expiry>.<mac>`: the MAC is HMAC-SHA256 over nonce, expiry
 * (Unix seconds) and the lower-cased answer, under a server key (./secret.ts). It
 * names no answer; it cannot be stretched (the expiry is under the MAC); and it is
 * accepted once: verifying records the nonce in captcha_uses (primary key), so a
 * second presentation, to any API process on the same database, is refused. Any
 * attempt uses the sign up, a wrong answer included, so each picture allows one
 * guess. Answers are case-insensitive; look-alike characters are never drawn.
 */

/** Characters drawn: no 0/O/o, 1/I/i/l/L, 2/Z/z, 5/S/s, 9/g/q, c/C, k/K, p/P, u/U, v/V, w/W, x/X, y/Y pairs that read alike. */
export const CAPTCHA_CHARS = 'ABDEFGHJMNRT34678abdefhjmnrt';

type Render = (text: string, options: Record<string, unknown>) => string;
let render: Render | undefined;
function renderer(): Render {
  // Loaded at run time from node_modules: it reads its font file next to itself.
  render ??= createRequire(import.meta.url)('svg-captcha') as Render;
  return render;
}

export interface NewCaptcha {
  /** data: URL of the SVG picture. */
  imageCode: string;
  sign: string;
  /** Kept on the server side only (tests use it). */
  answer: string;
}

export function randomAnswer(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)];
  return text;
}

function mac(secret: string, nonce: string, expiry: number, answer: string): Buffer {
  return createHmac('sha256', secret).update(`${nonce}.${expiry}.${answer.trim().toLowerCase()}`).digest();
}

/** A new sign for `answer`, valid for ttlSeconds from `now` (also made by the load bench for its submissions, with the processes' CAPTCHA_SECRET). */
export function captchaSign(options: { secret: string; ttlSeconds: number; now: Date; answer: string }): string {
  const nonce = randomBytes(12).toString('base64url');
  const expiry = Math.floor(options.now.getTime() / 1000) + options.ttlSeconds;
  return `v1.${nonce}.${expiry}.${mac(options.secret, nonce, expiry, options.answer).toString('base64url')}`;
}

export function createCaptcha(options: { secret: string; ttlSeconds: number; now: Date; fixedAnswer?: string }): NewCaptcha {
  const answer = options.fixedAnswer ?? randomAnswer();
  const sign = captchaSign({ ...options, answer });
  const svg = renderer()(answer, { width: 132, height: 48, fontSize: 52, noise: 4, color: true, background: '#eef4fb' });
  return { imageCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, sign, answer };
}

interface ParsedSign {
  nonce: string;
  expiry: number;
  mac: Buffer;
}

function parseSign(sign: string): ParsedSign | null {
  const match = /^v1\.([A-Za-z0-9_-]{16})\.(\d{9,11})\.([A-Za-z0-9_-]{43})$/.exec(sign.trim());
  if (!match) return null;
  return { nonce: match[1], expiry: Number(match[2]), mac: Buffer.from(match[3], 'base64url') };
}

export type CaptchaProblem = 'invalid' | 'expired' | 'used' | 'wrong';

const PROBLEM_MESSAGE: Record<CaptchaProblem, MessageKey> = {
  invalid: 'forms.err.captchaInvalid',
  expired: 'forms.err.captchaExpired',
  used: 'forms.err.captchaUsed',
  wrong: 'forms.err.captchaWrong',
};

/**
 * Checks an answer against its sign and uses the sign up. Answers null when the
 * answer is right, else what is wrong. Order: malformed, expired, already used
 * (recording the use), wrong answer.
 */
export async function checkCaptcha(db: Db, options: { secret: string; now: Date; code: string; sign: string }): Promise<CaptchaProblem | null> {
  const problem = await captchaProblem(db, options);
  if (problem) metrics().captchaFailures.inc({ reason: problem });
  return problem;
}

async function captchaProblem(db: Db, options: { secret: string; now: Date; code: string; sign: string }): Promise<CaptchaProblem | null> {
  const parsed = parseSign(options.sign);
  if (!parsed) return 'invalid';
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  if (parsed.expiry <= nowSeconds) return 'expired';
  const inserted = await db
    .insert(captchaUses)
    .values({ nonce: parsed.nonce, expiresAt: new Date(parsed.expiry * 1000), usedAt: options.now })
    .onConflictDoNothing()
    .returning({ nonce: captchaUses.nonce });
  if (!inserted.length) return 'used';
  if (Math.random() < 0.05) await db.delete(captchaUses).where(lt(captchaUses.expiresAt, options.now));
  const expected = mac(options.secret, parsed.nonce, parsed.expiry, options.code);
  if (expected.length !== parsed.mac.length || !timingSafeEqual(expected, parsed.mac)) return 'wrong';
  return null;
}

/** checkCaptcha for a handler: throws the problem as a 400 in the visitor's language. */
export async function requireCaptcha(db: Db, options: { secret: string; now: Date; code: string; sign: string; language: 0 | 1 }): Promise<void> {
  const problem = await checkCaptcha(db, options);
  if (problem) throw new WireError(CODE.badRequest, say(PROBLEM_MESSAGE[problem], options.language));
}
