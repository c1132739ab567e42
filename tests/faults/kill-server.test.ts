import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db';
import { contactMessages } from '../../src/server/db/schema';
import { UNLIMITED_RATE_ENV } from '../../src/server/forms/config';
import { markedMessage, markerOf, reconcile } from '../../scripts/lib/marked-messages.mjs';
import { freshPostgresDatabase, postgresReachable, startServer, stopServer } from './support';

/**
 * The built server (scripts/start.mjs) is killed with SIGKILL in the middle of a
 * burst of contact submissions, then started again on the same database: every
 * submission that was answered "200" is stored, exactly once (each message carries a marker:
 * scripts/lib/marked-messages.mjs, as in the load bench's run through nginx).
 */

const built = existsSync('dist/server/entry.mjs');
const reachable = await postgresReachable();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function submit(base: string, marker: string): Promise<string> {
  const captcha = (await (await fetch(`${base}/homeapiak/public/captcha/new?language=1`)).json()) as { data: { content: { sign: string } } };
  const form = markedMessage({ marker, sign: captcha.data.content.sign, code: 'E2E7', email: 'burst@example.com', userName: 'Burst Test' });
  const response = await fetch(`${base}/homeapiak/contactUs/saveContactUs?language=1`, {
    method: 'POST',
    // a browser's form post carries its origin (the server refuses cross-site form posts)
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: form,
  });
  return ((await response.json()) as { code: string }).code;
}

/** Submits from several workers until the server dies; returns the markers answered 200. */
async function burstUntilKilled(server: Awaited<ReturnType<typeof startServer>>, killAfter: number): Promise<{ acknowledged: string[]; attempted: number }> {
  const acknowledged: string[] = [];
  let attempted = 0;
  let killed = false;
  const worker = async (w: number) => {
    for (let i = 0; !killed || i === 0; i++) {
      const marker = `w${w}-${i}`;
      attempted++;
      try {
        if ((await submit(server.base, marker)) === '200') acknowledged.push(marker);
      } catch {
        return; // the connection died with the server
      }
      if (acknowledged.length >= killAfter && !killed) {
        killed = true;
        server.process.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));
  return { acknowledged, attempted };
}

function expectStoredOnce(rows: { content: string }[], acknowledged: string[], attempted: number) {
  const check = reconcile(
    acknowledged,
    rows.map((r) => r.content),
  );
  expect(check.lost, 'answered 200, not stored').toEqual([]);
  expect(check.duplicated, 'stored more than once').toEqual([]);
  expect(check.stored).toBeLessThanOrEqual(attempted);
}

describe.runIf(built)('killing the server mid-burst', () => {
  it.runIf(reachable)('on PostgreSQL loses and duplicates nothing it acknowledged', async () => {
    const database = await freshPostgresDatabase('killtest');
    cleanups.push(database.drop);
    const dataDir = mkdtempSync(join(tmpdir(), 'kill-pg-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, CAPTCHA_TEST_ANSWER: 'E2E7', ...UNLIMITED_RATE_ENV };

    const first = await startServer(env);
    const { acknowledged, attempted } = await burstUntilKilled(first, 25);
    expect(acknowledged.length).toBeGreaterThanOrEqual(25);

    const second = await startServer(env); // starts on the same database, as after a crash
    cleanups.push(() => stopServer(second.process));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ content: string }>('select content from contact_messages');
    await client.end();
    expectStoredOnce(rows, acknowledged, attempted);
    // and the restarted server takes submissions again
    expect(await submit(second.base, 'after-restart')).toBe('200');
  });

  it('on embedded PGlite loses and duplicates nothing it acknowledged', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kill-pglite-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, CAPTCHA_TEST_ANSWER: 'E2E7', ...UNLIMITED_RATE_ENV };

    const first = await startServer(env);
    const { acknowledged, attempted } = await burstUntilKilled(first, 25);
    expect(acknowledged.length).toBeGreaterThanOrEqual(25);

    const second = await startServer(env);
    expect(await submit(second.base, 'after-restart')).toBe('200');
    await stopServer(second.process);
    const database = await openDatabase({ dataDir });
    const rows = (await database.db.select({ content: contactMessages.content }).from(contactMessages)) as { content: string }[];
    await database.close();
    // the message sent after the restart is in the table too, and is no part of the burst (with it, a
    // burst whose every attempt was stored counted one more stored than attempted)
    const burst = rows.filter((r) => markerOf(r.content) !== 'after-restart');
    expect(rows.length - burst.length).toBe(1);
    expectStoredOnce(burst, acknowledged, attempted);
  });
});
