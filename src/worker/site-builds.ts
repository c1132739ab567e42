import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../server/db';
import { siteBuilds } from '../server/db/schema';

/**
 * The site's builds as the worker runs them, and what they mean for a story waiting for one: a story
 * whose public form changed at T is taken by a build that started after T. Before that build has gone
 * live it is queued, or building (since the build started), or failed (with the build's reason) until
 * a later build succeeds. Whether the story is on the site is read from the release served
 * (src/releases/site-state.ts), never from here.
 */
export type BuildState = { state: 'queued' } | { state: 'building'; since: string } | { state: 'live'; since: string } | { state: 'failed'; at: string; error: string };

export async function buildStarted(db: Db, now: Date): Promise<number> {
  const [row] = await db.insert(siteBuilds).values({ status: 'building', startedAt: now }).returning({ id: siteBuilds.id });
  return row.id;
}

export async function buildFinished(db: Db, id: number, outcome: { ok: true; release: string | null } | { ok: false; error: string }, now: Date): Promise<void> {
  await db
    .update(siteBuilds)
    .set(outcome.ok ? { status: 'live', finishedAt: now, release: outcome.release } : { status: 'failed', finishedAt: now, error: outcome.error.slice(-2000) })
    .where(eq(siteBuilds.id, id));
}

/** Builds left "building" by a worker that stopped mid-way (at its start, the next worker says so). */
export async function abandonBuilds(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(siteBuilds)
    .set({ status: 'failed', finishedAt: now, error: 'the worker stopped during the build' })
    .where(eq(siteBuilds.status, 'building'))
    .returning({ id: siteBuilds.id });
  return rows.length;
}

/** The build state of each story changed at a time (those never changed are left out). */
export async function buildStates(db: Db, changed: { id: string; siteChangedAt: Date | null }[]): Promise<Map<string, BuildState>> {
  const states = new Map<string, BuildState>();
  const times = changed.filter((c) => c.siteChangedAt).map((c) => (c.siteChangedAt as Date).getTime());
  if (!times.length) return states;
  const builds = await db
    .select()
    .from(siteBuilds)
    .where(and(gte(siteBuilds.startedAt, new Date(Math.min(...times))), inArray(siteBuilds.status, ['building', 'live', 'failed'])))
    .orderBy(siteBuilds.startedAt);
  for (const story of changed) {
    if (!story.siteChangedAt) continue;
    const after = builds.filter((b) => b.startedAt.getTime() >= (story.siteChangedAt as Date).getTime());
    const live = after.find((b) => b.status === 'live');
    const building = after.find((b) => b.status === 'building');
    const failed = after.filter((b) => b.status === 'failed').at(-1);
    if (live) states.set(story.id, { state: 'live', since: (live.finishedAt ?? live.startedAt).toISOString() });
    else if (building) states.set(story.id, { state: 'building', since: building.startedAt.toISOString() });
    else if (failed) states.set(story.id, { state: 'failed', at: (failed.finishedAt ?? failed.startedAt).toISOString(), error: failed.error ?? '' });
    else states.set(story.id, { state: 'queued' });
  }
  return states;
}
