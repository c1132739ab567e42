import { CODE } from '../../contract/wire';
import { fill } from '../../i18n/fill';
import type { TrackStrings } from './strings';

/**
 * What a failed tracking call tells the visitor, in their language: the same words in the island
 * (a refused fetch, src/contract/fetch.ts's ApiError) and on the results page rendered on the server
 * (the API's wrapper asked in process). Too many look-ups keeps the API's own message, which says
 * in how many minutes to try again, or asks for the captcha the island then shows (`captcha`).
 */
export interface TrackFailure {
  title?: string;
  message: string;
  /** Over RATE_LIMIT_TRACK: a solved captcha tracks again (the island shows one; the page without JavaScript cannot). */
  captcha?: boolean;
}

type FailureStrings = Pick<TrackStrings, 'track.err.network' | 'track.err.tooMany' | 'track.err.unavailable' | 'track.err.failed'>;

/** `captchaSent`: the call carried a captcha, so that a refusal of it (a wrong or used answer) asks for a fresh one. */
export function trackFailure(code: string, message: string, s: FailureStrings, captchaSent = false): TrackFailure {
  if (code === 'NETWORK') return { message: s['track.err.network'] };
  if (code === CODE.tooManyRequests) return { title: s['track.err.tooMany'], message, captcha: true };
  if (code === CODE.unavailable) return { message: s['track.err.unavailable'] };
  // a refused query names what is wrong with it ("refs: must be at most 600 characters")
  if (code === CODE.badRequest && /^refs: /.test(message)) return { message: message.replace(/^refs: /, '') };
  // the captcha refused (wrong, expired, used): the API's words, and a fresh picture
  if (code === CODE.badRequest && captchaSent) return { title: s['track.err.tooMany'], message, captcha: true };
  if (code === CODE.badRequest) return { message };
  return { message: fill(s['track.err.failed'], { message }) };
}

/** The tracking call's query: the references, and the captcha solved when one was asked for. */
export function trackQuery(refs: string, captcha?: { code: string; sign: string }): Record<string, string> {
  const code = captcha?.code.trim();
  return code && captcha?.sign ? { refs, captchaCode: code, captchaSign: captcha.sign } : { refs };
}
