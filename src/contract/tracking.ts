import { z } from 'zod';
import { defineCall } from './define';
import { Language } from './entities';

/**
 * The site's tracking call (/{lang}/home/Track and its island): up to ten references at once,
 * each recognised (container, bill of lading, booking), checked (a container's ISO 6346 check
 * digit), and answered from the tracking store with where the cargo is, what comes next, the
 * milestones with planned, estimated and actual times told apart (each in the port's local time
 * with its offset), the legs with vessel, voyage and CO2e. No party, cargo description or weight is
 * ever in it. Integrators use the DCSA API (/dcsa/tnt/v2/events).
 */

import { TRACKING_ALERT_HOURS, TRACKING_ALERT_MILESTONES, TRACKING_ALERT_PATH, TRACKING_PATH, TRACKING_TEXT_MAX } from './tracking-paths';

/** The paths and the box's length, from the zod-free module the page's island imports. */
export const TRACK_PATH = TRACKING_PATH.track;
export const TRACK_TEXT_MAX = TRACKING_TEXT_MAX;

export const TrackQuery = z
  .object({
    refs: z
      .string('must be the references, one per line or separated by commas')
      .trim()
      .min(1, 'type at least one container, bill of lading or booking number')
      .max(TRACK_TEXT_MAX, `must be at most ${TRACK_TEXT_MAX} characters`)
      .describe('Up to 10 references, one per line or comma-separated'),
    language: Language.optional(),
    captchaCode: z.string().trim().max(8).optional().describe('Over RATE_LIMIT_TRACK only: the captcha’s characters'),
    captchaSign: z.string().max(400).optional().describe('Over RATE_LIMIT_TRACK only: the sign of /public/captcha/new'),
  })
  .strict();

const Place = z
  .object({
    locode: z.string().nullable(),
    name: z.string().describe('In the language asked'),
  })
  .strict();

/** A time as the port's local date-time with offset ("2026-12-03T14:00:00+08:00"). */
const LocalTime = z.string().describe('Port-local date-time with its UTC offset');

export const MilestoneTime = z
  .object({
    state: z.enum(['actual', 'estimated', 'planned']),
    /** What counts: the actual, else the latest estimate, else the plan. */
    at: LocalTime,
    planned: LocalTime.nullable(),
    estimated: LocalTime.nullable(),
    actual: LocalTime.nullable(),
    /** The last move of the estimate: what was expected before it (previous estimate or plan). */
    movedFrom: LocalTime.nullable(),
    /** Estimates made, oldest first (the history; the last is `estimated`). */
    estimates: z.array(LocalTime),
  })
  .strict();
export type MilestoneTime = z.infer<typeof MilestoneTime>;

export const TrackMilestone = z
  .object({
    eventType: z.enum(['TRANSPORT', 'EQUIPMENT', 'SHIPMENT']),
    code: z.string().describe('DCSA type code: DEPA, ARRI, LOAD, DISC, GTIN, GTOT, RELS, …'),
    documentType: z.string().nullable(),
    empty: z.boolean().nullable().describe('Equipment events: the container empty or laden'),
    container: z.string().nullable(),
    place: Place.nullable(),
    vessel: z.object({ imo: z.string(), name: z.string() }).strict().nullable(),
    voyage: z.string().nullable(),
    time: MilestoneTime,
  })
  .strict();
export type TrackMilestone = z.infer<typeof TrackMilestone>;

export const TrackLeg = z
  .object({
    service: z.string().nullable(),
    serviceName: z.string().nullable(),
    vessel: z.object({ imo: z.string(), name: z.string() }).strict().nullable(),
    voyage: z.string().nullable(),
    from: Place,
    to: Place,
    departure: MilestoneTime.nullable(),
    arrival: MilestoneTime.nullable(),
    km: z.number().nullable(),
    co2e: z.object({ ttwKg: z.number(), wtwKg: z.number() }).strict().nullable().describe('Of the containers shown, by the carbon calculator'),
  })
  .strict();
export type TrackLeg = z.infer<typeof TrackLeg>;

export const TrackShipment = z
  .object({
    containers: z.array(z.object({ number: z.string(), isoCode: z.string().nullable(), teu: z.number() }).strict()),
    origin: Place.nullable(),
    destination: Place.nullable(),
    /** The last milestone that happened. */
    now: TrackMilestone.nullable(),
    /** The first that has not. */
    next: TrackMilestone.nullable(),
    /** Delivered: the last container returned empty (or released and gated out). */
    completed: z.boolean(),
    legs: z.array(TrackLeg),
    milestones: z.array(TrackMilestone),
    co2e: z.object({ ttwKg: z.number(), wtwKg: z.number(), teu: z.number(), tonnesPerTeu: z.number() }).strict().nullable(),
    /** Where the route map lives: the services' route pages. */
    lastEventAt: z.string().nullable(),
  })
  .strict();
export type TrackShipment = z.infer<typeof TrackShipment>;

export const TrackResult = z
  .object({
    input: z.string(),
    reference: z.string().describe('As normalised: upper case, no spaces'),
    kind: z.enum(['container', 'bl', 'booking']).nullable(),
    status: z.enum(['found', 'not-found', 'invalid']),
    problem: z
      .object({
        code: z.enum(['check-digit', 'container-format', 'unknown-format']),
        message: z.string().describe('In the language asked'),
        expected: z.number().int().nullable(),
      })
      .strict()
      .nullable(),
    shipment: TrackShipment.nullable(),
  })
  .strict();
export type TrackResult = z.infer<typeof TrackResult>;

export const TrackAnswer = z
  .object({
    /** The shipments come from the embedded reference provider: demonstration data, not a customer's. */
    demo: z.boolean(),
    feed: z
      .object({
        lastHeardAt: z.string().nullable().describe('Last time the provider was heard (callback or poll), ISO UTC'),
        stale: z.boolean().describe('Not heard for more than 15 minutes'),
      })
      .strict(),
    truncated: z.boolean().describe('More than 10 references were given: the first 10 are answered'),
    results: z.array(TrackResult),
  })
  .strict();
export type TrackAnswer = z.infer<typeof TrackAnswer>;

export const TRACK_SAMPLES_PATH = TRACKING_PATH.samples;

export const TrackSamples = z
  .object({
    demo: z.boolean(),
    samples: z
      .array(
        z
          .object({
            reference: z.string(),
            kind: z.enum(['container', 'bl', 'booking']),
            stage: z.enum(['booked', 'origin', 'sea', 'destination', 'delivered']),
          })
          .strict(),
      )
      .describe('Empty unless the shipments are demonstration data: a real customer’s references are never listed'),
  })
  .strict();
export type TrackSamples = z.infer<typeof TrackSamples>;

export const TRACK_ALERT_PATH = TRACKING_ALERT_PATH;
export const ALERT_MILESTONES = TRACKING_ALERT_MILESTONES;
const { min: HOURS_MIN, max: HOURS_MAX, default: HOURS_DEFAULT } = TRACKING_ALERT_HOURS;

const Email = z.email('must be an e-mail address such as name@example.com').max(254, 'must be at most 254 characters');
const Reference = z.string('must be the container, B/L or booking number').trim().min(1, 'must be the container, B/L or booking number').max(40, 'must be at most 40 characters');

export const AlertCodeBody = z.object({ email: Email, reference: Reference }).strict();
export const AlertCreateBody = z
  .object({
    email: Email,
    reference: Reference,
    code: z.string().regex(/^\d{6}$/, 'must be the 6 digits mailed to you'),
    milestones: z
      .array(z.enum(ALERT_MILESTONES, `each must be one of ${ALERT_MILESTONES.join(', ')}`))
      .min(1, 'pick at least one milestone')
      .max(ALERT_MILESTONES.length),
    etaHours: z
      .number('must be a number of hours')
      .int('must be whole hours')
      .min(HOURS_MIN, `must be from ${HOURS_MIN} to ${HOURS_MAX} hours`)
      .max(HOURS_MAX, `must be from ${HOURS_MIN} to ${HOURS_MAX} hours`)
      .default(HOURS_DEFAULT),
  })
  .strict();
export const AlertUnsubscribeQuery = z
  .object({
    a: z.uuid('must be the alert’s id'),
    t: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the link’s signature'),
    language: Language.optional(),
  })
  .strict();

export const trackingCalls = {
  track: defineCall({
    method: 'GET',
    path: TRACK_PATH,
    query: TrackQuery,
    answer: TrackAnswer,
    summary: 'Tracks up to 10 containers, bills of lading or bookings: where each is, what comes next, milestones with planned, estimated and actual times, legs and CO2e',
  }),
  trackSamples: defineCall({
    method: 'GET',
    path: TRACK_SAMPLES_PATH,
    query: z.object({ language: Language.optional() }).strict(),
    answer: TrackSamples,
    summary: 'Demonstration mode only: a few references of the demonstration shipments at different stages, for visitors to try (empty with a real provider)',
  }),
  trackAlertCode: defineCall({
    method: 'POST',
    path: TRACK_ALERT_PATH.code,
    query: z.object({ language: Language.optional() }).strict(),
    body: AlertCodeBody,
    answer: z.null(),
    summary: 'Mails a 6-digit code to confirm an address for alerts on a reference tracking finds (the newsletter’s codes and limits)',
  }),
  trackAlertCreate: defineCall({
    method: 'POST',
    path: TRACK_ALERT_PATH.create,
    query: z.object({ language: Language.optional() }).strict(),
    body: AlertCreateBody,
    answer: z.object({ reference: z.string(), milestones: z.array(z.enum(ALERT_MILESTONES)), endsDaysAfterLastEvent: z.number() }).strict(),
    summary: 'Turns on e-mail alerts for a reference with the mailed code: one mail per milestone picked, in the language asked; they end 30 days after the last event',
  }),
  trackAlertUnsubscribe: defineCall({
    method: 'POST',
    path: TRACK_ALERT_PATH.unsubscribe,
    query: AlertUnsubscribeQuery,
    body: z
      .object({ 'List-Unsubscribe': z.literal('One-Click').optional() })
      .strict()
      .optional(),
    answer: z.null(),
    summary: 'The alert mails’ signed link, RFC 8058 one-click (POST); GET on the same URL ends the alert and redirects to the tracking page',
  }),
};
