import type { ScheduleContent } from '../../schedules/content';
import { zonedMoment } from '../../schedules/time';
import { draws } from './random';

/**
 * How late the reference provider's ships really are: a delay per vessel call, drawn from the
 * seed and the call (loop, voyage, call of the rotation), so every shipment on the same call
 * agrees on it. Draws: about 60 % of calls within 0–2 h of the schedule, 30 % 3–18 h late, 10 %
 * 18–48 h late; a ship may stay longer in port than planned (cargo operations), so it may leave
 * later than it arrived late.
 *
 * Delays carry on along a voyage: a ship that leaves late arrives at the next call at least that
 * late less what it can make up at sea (a quarter of the passage), so the actual times of a voyage
 * always increase. Each loop's chain of calls starts after its longest passage (an ocean crossing,
 * where the schedule has the most slack) and runs once round the rotation into the ship's next
 * voyage; delays are capped below 60 % of that passage, so the first arrival of a chain is never
 * before the last departure of the one before it. Pure: content and seed only, no engine.
 */

const MINUTE_MS = 60_000;
const HOUR_MIN = 60;
/** No delay is longer than this (minutes), nor than 60 % of the loop's longest passage. */
const MAX_DELAY_MIN = 54 * HOUR_MIN;
/** Part of a passage a late ship makes up at sea. */
const RECOVERY = 0.25;

/** SMDG delay reason codes the provider gives, and what they say. */
export const DELAY_REASONS = {
  WEA: (port: string) => `Adverse weather on the passage to ${port}`,
  POR: (port: string) => `Port congestion at ${port}`,
  CON: (port: string) => `Berth not available on arrival at ${port} (terminal congestion)`,
} as const;
export type DelayReason = keyof typeof DELAY_REASONS;

export interface CallDelay {
  /** Minutes late at arrival and at departure (departure ≥ arrival). */
  arrivalMin: number;
  departureMin: number;
  /** Why, when it is late. */
  arrivalReason: DelayReason;
  departureReason: DelayReason;
  /**
   * How far the first estimates of the arrival are from the final delay (minutes, ±): the
   * estimates approach the final delay as the arrival nears (see events.ts).
   */
  estimateDriftMin: number;
}

interface LoopShape {
  /** Calls in the rotation. */
  n: number;
  /** Ships deployed (the ship's next voyage is k + ships). */
  ships: number;
  /** Index where each chain starts (after the longest passage). */
  start: number;
  /** Scheduled passage from call i to call i + 1 (the last to the next voyage's first), minutes. */
  passages: number[];
  capMin: number;
}

/** The delays of every call, memoised per voyage chain. */
export class Delays {
  private shapes = new Map<string, LoopShape>();
  private chains = new Map<string, CallDelay[]>();

  constructor(
    private readonly seed: string,
    private readonly content: ScheduleContent,
  ) {}

  private shape(service: string): LoopShape {
    let found = this.shapes.get(service);
    if (found) return found;
    const entry = this.content.network.services.get(service);
    if (!entry) throw new Error(`tracking provider: no loop ${service}`);
    const { calls, deployment } = entry.service;
    const zone = (port: string) => this.content.network.ports.get(port)!.timeZone;
    // the durations of the reference voyage (content only, the same on every day)
    const day0 = deployment.reference.departure;
    const base = calls[0].departure.day;
    const at = (i: number, which: 'arrival' | 'departure', lap = 0) =>
      zonedMoment(day0, calls[i][which].day - base + lap * 7 * deployment.vessels.length, calls[i][which].time, zone(calls[i].port)).epoch;
    // after the last call, the ship's next voyage: a lap of the deployment later (one week per ship)
    const passages = calls.map((_, i) => (i + 1 < calls.length ? at(i + 1, 'arrival') : at(0, 'arrival', 1)) - at(i, 'departure'));
    const longest = passages.indexOf(Math.max(...passages));
    found = {
      n: calls.length,
      ships: deployment.vessels.length,
      start: (longest + 1) % calls.length,
      passages: passages.map((ms) => ms / MINUTE_MS),
      capMin: Math.min(MAX_DELAY_MIN, Math.floor((0.6 * passages[longest]) / MINUTE_MS)),
    };
    this.shapes.set(service, found);
    return found;
  }

  /** The delay of call `index` of voyage `k` of a loop. */
  of(service: string, k: number, index: number): CallDelay {
    const s = this.shape(service);
    const i = ((index % s.n) + s.n) % s.n;
    const kk = k + Math.floor(index / s.n) * s.ships;
    // the chain this call is on starts at call `start` of this voyage or of the ship's previous one
    const kStart = i >= s.start ? kk : kk - s.ships;
    const position = (i - s.start + s.n) % s.n;
    return this.chain(service, s, kStart)[position];
  }

  private chain(service: string, s: LoopShape, kStart: number): CallDelay[] {
    const key = `${service}|${kStart}`;
    let found = this.chains.get(key);
    if (found) return found;
    if (this.chains.size > 20_000) this.chains.clear();
    found = [];
    let previousDeparture = 0;
    for (let j = 0; j < s.n; j++) {
      const index = (s.start + j) % s.n;
      const k = kStart + Math.floor((s.start + j) / s.n) * s.ships;
      const d = draws(this.seed, 'delay', service, k, index);
      const drawn = drawDelay(d.next(), d.next());
      const passageBefore = s.passages[(index - 1 + s.n) % s.n];
      const carried = j === 0 ? 0 : previousDeparture - Math.floor(RECOVERY * passageBefore);
      const arrivalMin = Math.min(s.capMin, round5(Math.max(drawn, carried)));
      const extra = d.next() < 0.7 ? 0 : d.int(6, 72) * 5;
      const departureMin = Math.min(s.capMin, arrivalMin + extra);
      const reasons = Object.keys(DELAY_REASONS) as DelayReason[];
      found.push({
        arrivalMin,
        departureMin,
        arrivalReason: d.weighted([
          ['WEA', 5],
          ['CON', 3],
          ['POR', 2],
        ]),
        departureReason: extra > 0 ? 'POR' : d.pick(reasons),
        estimateDriftMin: round5(d.between(-4 * HOUR_MIN, 8 * HOUR_MIN)),
      });
      previousDeparture = departureMin;
    }
    this.chains.set(key, found);
    return found;
  }
}

/** A drawn delay in minutes: 60 % 0–2 h, 30 % 3–18 h, 10 % 18–48 h. */
function drawDelay(u: number, v: number): number {
  if (u < 0.6) return v * 2 * HOUR_MIN;
  if (u < 0.9) return (3 + v * 15) * HOUR_MIN;
  return (18 + v * 30) * HOUR_MIN;
}

const round5 = (minutes: number) => Math.round(minutes / 5) * 5;
