/**
 * Paths and limits of the tracking calls without zod: the tracking page's island imports them
 * (./tracking.ts has the schemas, with the same values; a unit test keeps the two equal).
 */
export const TRACKING_PATH = { track: '/tracking/track', samples: '/tracking/samples' } as const;
/** The longest text the tracking box takes (ten references with separators and spaces). */
export const TRACKING_TEXT_MAX = 600;
/** The alerts' calls: a code mailed to confirm the address, the alert made with it, the mails' unsubscribe link. */
export const TRACKING_ALERT_PATH = { code: '/tracking/alerts/code', create: '/tracking/alerts', unsubscribe: '/tracking/alerts/unsubscribe' } as const;
/** What an alert can tell of: departure, arrival, discharge, available for pick-up (the release), an arrival estimate that moves. */
export const TRACKING_ALERT_MILESTONES = ['departure', 'arrival', 'discharge', 'pickup', 'eta'] as const;
/** The hours by which an arrival estimate must move to be mailed (AlertCreateBody.etaHours). */
export const TRACKING_ALERT_HOURS = { min: 1, max: 168, default: 12 } as const;
