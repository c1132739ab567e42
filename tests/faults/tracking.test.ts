import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { TrackAnswer } from '../../src/contract/tracking';
import { startProvider, type RunningProvider } from '../../src/tracking/provider';
import { freePort, freshPostgresDatabase, postgresReachable, startServer, stopServer } from './support';

/**
 * Tracking's faults against the built server (scripts/start.mjs) and the reference provider over
 * real HTTP:
 * - the provider goes away: the tracking page still answers from the store and says when the
 *   provider was last heard;
 * - the server is killed (SIGKILL) while the provider is pushing callbacks: nothing is half-stored
 *   (a bundle is one statement, answered only once committed), the provider's retries complete once
 *   the server is back on the same address, and the store then holds every event the provider made,
 *   each once.
 * The provider's clock runs fast (an hour of its time a second) so that events come every moment.
 */

const built = existsSync('dist/server/entry.mjs');
const reachable = await postgresReachable();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const START = Date.parse('2026-11-25T06:00:00Z');
/** The provider's clock: an hour a real second while running, or frozen. */
function fastClock() {
  const began = Date.now();
  let frozen: number | undefined;
  return {
    now: () => frozen ?? START + (Date.now() - began) * 3600,
    freeze() {
      frozen = this.now();
    },
  };
}

async function track(base: string, refs: string): Promise<TrackAnswer> {
  const res = await fetch(`${base}/homeapiak/tracking/track?language=1&refs=${encodeURIComponent(refs)}`);
  return ((await res.json()) as { data: { content: TrackAnswer } }).data.content;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, seconds = 120): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.runIf(built)('tracking when things fail', () => {
  it('answers from the store with the provider gone, saying when it was last heard', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tnt-down-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const provider = await startProvider({ bookingsPerDay: 4, seed: 'fault-down', now: () => START });
    const server = await startServer({ DATA_DIR: dataDir, TNT_PROVIDER_URL: `${provider.url}/v2` });
    cleanups.push(() => stopServer(server.process));
    const sample = provider.sampleReferences(3).find((s) => s.stage !== 'booked') ?? provider.sampleReferences(1)[0];
    const before = await until('the first catch-up', async () => {
      const a = await track(server.base, sample.bl);
      return a.results[0].status === 'found' ? a : undefined;
    });
    expect(before.feed.lastHeardAt).not.toBeNull();
    await provider.close();
    const after = await track(server.base, `${sample.booking}\n${sample.containers[0]}`);
    expect(after.results.map((r) => r.status)).toEqual(['found', 'found']);
    expect(after.feed.lastHeardAt).not.toBeNull();
    expect(Date.parse(after.feed.lastHeardAt!)).toBeGreaterThanOrEqual(Date.parse(before.feed.lastHeardAt!));
    // nothing is heard any more (a page fetched before the provider went may still be being stored): the time stays
    const heard = await until('the last word from the provider', async () => {
      const a = (await track(server.base, sample.booking)).feed.lastHeardAt;
      await new Promise((r) => setTimeout(r, 1500));
      const b = (await track(server.base, sample.booking)).feed.lastHeardAt;
      return a === b ? b : undefined;
    });
    expect(heard).not.toBeNull();
    // the page, rendered on the server, says it too
    const page = await (await fetch(`${server.base}/en/home/Track/result?refs=${sample.booking}`)).text();
    expect(page.includes(sample.booking), 'the page shows the booking').toBe(true);
    expect(/data-last-heard="[^"]+"/.test(page), 'the page says when the provider was last heard (data-last-heard)').toBe(true);
  });

  const killMidCallback = async (env: Record<string, string>, readIds: () => Promise<string[]>) => {
    const clock = fastClock();
    const provider: RunningProvider = await startProvider({ bookingsPerDay: 24, seed: 'fault-kill', now: clock.now, pushIntervalMs: 200, bundleSize: 20 });
    cleanups.push(() => provider.close());
    const port = await freePort();
    // a poll lease of 5 s (TNT_POLL_LEASE_SECONDS): the restarted process takes over the killed one's poll 5 s after its last page, not a minute
    const withProvider = { ...env, TNT_PROVIDER_URL: `${provider.url}/v2`, TNT_POLL_SECONDS: '3600', TNT_POLL_LEASE_SECONDS: '5' };
    const first = await startServer(withProvider, { port });
    const subscription = await until('the subscription', async () => provider.subscriptions.list()[0]?.subscriptionID);
    // callbacks flow; kill the server while they do
    await until('callbacks taken', async () => ((provider.pusher.state(subscription)?.delivered ?? 0) > 200 ? true : undefined));
    first.process.kill('SIGKILL');
    await new Promise((resolve) => first.process.once('exit', resolve));
    await until('a failed callback', async () => ((provider.pusher.state(subscription)?.failures ?? 0) > 0 ? true : undefined), 60);

    const second = await startServer(withProvider, { port });
    cleanups.push(() => stopServer(second.process));
    // the provider's next retry reaches the server again (its back-off has grown while the server was
    // down: minutes on a slow start; the retry is asked for now rather than waited for), then its clock
    // stops and everything due is delivered
    provider.pusher.changed(subscription);
    await until('a callback answered after the restart', async () => (provider.pusher.state(subscription)?.failures === 0 ? true : undefined), 120);
    clock.freeze();
    await provider.pusher.flush();
    await until('the last callback', async () => {
      await provider.pusher.flush();
      const state = provider.pusher.state(subscription);
      return state?.failures === 0 && state.lastOutcome === 204 ? true : undefined;
    });
    expect(provider.subscriptions.list().map((s) => s.subscriptionID)).toEqual([subscription]);
    const made = provider.feed
      .all(clock.now())
      .filter((e) => e.created <= clock.now())
      .map((e) => e.id);
    // what the callbacks did not bring, the catch-up poll does: once the killed process's poll lease
    // has run out (5 s here, a minute by default), the restarted one polls from where the other's last stored page left off
    const lacking = async () => {
      const have = new Set(await readIds());
      return made.filter((id) => !have.has(id));
    };
    await until('every event the provider made', async () => ((await lacking()).length === 0 ? true : undefined), 240);
    const stored = await readIds();
    expect(new Set(stored).size, 'each event once').toBe(stored.length);
  };

  it.runIf(reachable)('on PostgreSQL: killed mid-callback, nothing half-stored, the retries complete', { timeout: 600_000 }, async () => {
    const database = await freshPostgresDatabase('tntkill');
    cleanups.push(database.drop);
    const dataDir = mkdtempSync(join(tmpdir(), 'tnt-kill-pg-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await killMidCallback({ DATABASE_URL: database.url, DATA_DIR: dataDir }, async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ event_id: string }>('select event_id from tracking_events');
      await client.end();
      return rows.map((r) => r.event_id);
    });
  });
});
