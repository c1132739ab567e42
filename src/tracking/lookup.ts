import type { TrackAnswer, TrackResult } from '../contract/tracking';
import type { Locale } from '../i18n/locales';
import type { MessageKey } from '../i18n/t';
import { say } from '../server/forms/messages';
import type { Db } from '../server/db';
import { MAX_REFERENCES, parseReferences, type ParsedReference } from './references';
import { lastHeard, shipmentEvents } from './store';
import { shipmentView } from './view';

/**
 * The answer to what a visitor typed: each reference recognised and checked (./references.ts, the
 * same module the island checks with as the visitor types), looked up in one statement
 * (./store.ts), and shown (./view.ts). A reference that is not known answers in the same shape as a
 * known one; the whole answer takes at least MIN_ANSWER_MS, so that its time does not tell either.
 */

/** The floor of an answer's time: above what ten lookups and their views take on a busy machine. */
export const MIN_ANSWER_MS = 60;
/** The provider counts as away when not heard from for this long. */
export const STALE_AFTER_MS = 15 * 60_000;

const PROBLEM_KEY: Record<'check-digit' | 'container-format' | 'unknown-format', MessageKey> = {
  'check-digit': 'track.problem.checkDigit',
  'container-format': 'track.problem.containerFormat',
  'unknown-format': 'track.problem.unknownFormat',
};

export function problemOf(parsed: ParsedReference, language: 0 | 1): TrackResult['problem'] {
  if ('kind' in parsed) return null;
  const values = { reference: parsed.value, expected: 'expected' in parsed ? parsed.expected : '', given: 'given' in parsed ? parsed.given : '' };
  return { code: parsed.problem, message: say(PROBLEM_KEY[parsed.problem], language, values), expected: 'expected' in parsed ? parsed.expected : null };
}

export interface TrackContext {
  db: Db;
  /** The feed the events come from ('demo' for the embedded provider), if any. */
  source?: string;
  demo: boolean;
  now: () => Date;
}

export async function track(ctx: TrackContext, text: string, language: 0 | 1): Promise<TrackAnswer> {
  const started = performance.now();
  const locale: Locale = language === 0 ? 'zh' : 'en';
  const { references, truncated } = parseReferences(text);
  const nowMs = ctx.now().getTime();
  const results = await Promise.all(
    references.map(async (parsed): Promise<TrackResult> => {
      if (!('kind' in parsed)) return { input: parsed.input, reference: parsed.value, kind: null, status: 'invalid', problem: problemOf(parsed, language), shipment: null };
      const found = await shipmentEvents(ctx.db, parsed.kind, parsed.value);
      const shipment = shipmentView(locale, found.events, { container: parsed.kind === 'container' ? parsed.value : undefined, nowMs });
      return { input: parsed.input, reference: parsed.value, kind: parsed.kind, status: shipment ? 'found' : 'not-found', problem: null, shipment };
    }),
  );
  const heard = ctx.source ? ((await lastHeard(ctx.db, ctx.source)) ?? null) : null;
  const answer: TrackAnswer = {
    demo: ctx.demo,
    feed: { lastHeardAt: heard ? heard.toISOString() : null, stale: !heard || nowMs - heard.getTime() > STALE_AFTER_MS },
    truncated,
    results,
  };
  const left = MIN_ANSWER_MS - (performance.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return answer;
}

export { MAX_REFERENCES };
