import { z } from 'zod';
import { defineCall, LanguageOnly } from '../contract/define';

/** The releases' calls on the staff API, under {apiBase}/staff/releases (admins: src/server/staff/releases.ts). */

const MadeBy = z.object({ kind: z.enum(['nightly', 'publish', 'adopted']), reasons: z.array(z.string()).optional(), stories: z.array(z.string()).optional(), base: z.string().optional() }).nullable();

export const ReleaseSummary = z.object({
  name: z.string(),
  /** When it was made (its name's time). */
  time: z.string(),
  madeBy: MadeBy,
  served: z.boolean(),
  servedSince: z.string().nullable(),
  /** Its story pages (one a language). */
  stories: z.number(),
  /** Against the one served: `{locale}/{uuid}` added, dropped, held at another revision. */
  adds: z.array(z.string()),
  drops: z.array(z.string()),
  changes: z.array(z.string()),
});

const ReleaseName = z.string().regex(/^\d{8}T\d{6}Z-\d+$/, 'not a release name');

export const releaseCalls = {
  list: defineCall({
    method: 'GET',
    path: '/releases',
    answer: z.object({ releases: z.array(ReleaseSummary), lastSwitch: z.object({ release: z.string(), at: z.string(), how: z.string(), by: z.string().optional() }).nullable() }),
    summary: 'The releases kept, oldest first, the served one marked, each with what made it and what it adds and drops against the served one',
  }),
  use: defineCall({
    method: 'POST',
    path: '/releases/use',
    query: LanguageOnly,
    body: z.object({ name: ReleaseName }).strict(),
    answer: z.object({ from: z.string().nullable(), to: z.string() }),
    summary: 'Serves a kept release (forward or back), at once: nothing is rebuilt',
  }),
};
