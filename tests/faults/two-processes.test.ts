import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db';
import { seedIfEmpty } from '../../src/server/db/seed';
import { UNLIMITED_RATE_ENV } from '../../src/server/forms/config';
import { readNewsSnapshot } from '../../src/server/news/snapshot';
import { markedMessage, reconcile, storedMessages } from '../../scripts/lib/marked-messages.mjs';
import { clearOfWindowEnd, freshPostgresDatabase, postgresReachable, startServer, stopServer } from './support';

/**
 * Several API processes on one PostgreSQL, as the README's operations section sets them up
 * behind the CDN: two built servers (scripts/start.mjs) on one database, driven alternately.
 *
 * - both start at once on an empty database (migrations take turns under a lock);
 * - a captcha sign issued by one process is accepted once by the other, then refused by both;
 * - the rate limits count the requests to both processes together;
 * - `npm run send-digests` started twice at the same moment sends each digest exactly once
 *   (the claim of each subscriber's day is an atomic upsert in the database);
 * - one process SIGKILLed in the middle of a burst of submissions to both: every submission
 *   answered 200 is stored exactly once, and the other process keeps answering.
 *
 * Runs in `npm test` when PostgreSQL answers (TEST_DATABASE_URL, else 127.0.0.1:5432, which the
 * developer and CI machines run); under CI a missing PostgreSQL is a failure, not a skip.
 */

const reachable = await postgresReachable();
const ci = process.env.CI === 'true' || process.env.CI === '1';
const CITY_LIMIT = 10;
const ANSWER = 'E2E7';

type Server = Awaited<ReturnType<typeof startServer>>;
interface Wire<T = unknown> {
  code: string;
  message: string;
  data: { content: T };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function getJson<T>(url: string, init?: RequestInit): Promise<Wire<T>> {
  return (await (await fetch(url, init)).json()) as Wire<T>;
}

const newSign = async (server: Server) => (await getJson<{ sign: string }>(`${server.base}/homeapiak/public/captcha/new?language=1`)).data.content.sign;

async function submit(server: Server, sign: string, marker: string): Promise<Wire> {
  return getJson(`${server.base}/homeapiak/contactUs/saveContactUs?language=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.base },
    body: markedMessage({ marker, sign, code: ANSWER, email: 'two.processes@example.com', userName: 'Two Processes' }),
  });
}

/**
 * A mail server that accepts everything after a short pause, keeping the recipients. It answers no
 * mail until it holds `together` at once: a digest run sends one mail at a time, so two held at once
 * are one of each run, and the two runs overlap however late the second one starts.
 */
async function slowMailServer(pauseMs: number, together = 1) {
  const recipients: string[] = [];
  let held: (() => void)[] | undefined = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        recipients.push(...session.envelope.rcptTo.map((r) => r.address));
        const answer = () => setTimeout(callback, pauseMs);
        if (!held) return answer();
        held.push(answer);
        if (held.length < together) return;
        for (const release of held) release();
        held = undefined;
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { recipients, url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** `npm run send-digests` in a child process; answers its exit code and summary line. */
function sendDigests(env: Record<string, string>, at: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('node_modules/.bin/node', ['scripts/send-digests.mjs', '--at', at], { env: { ...process.env, LOG_LEVEL: 'error', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('two API processes on one PostgreSQL', () => {
  it.runIf(ci && !reachable)('needs PostgreSQL under CI', () => {
    expect.fail('PostgreSQL does not answer at TEST_DATABASE_URL or 127.0.0.1:5432; .ci/run starts it');
  });

  it.runIf(reachable)('migrate and seed a fresh database from three connections at once: one does it, the others wait and find it done', async () => {
    const database = await freshPostgresDatabase('twoproc_migrate');
    cleanups.push(database.drop);
    const opened = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: database.url, dataDir: ':memory:' })));
    try {
      const seeded = await Promise.all(opened.map((d) => seedIfEmpty(d.db)));
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from news_items');
      await client.end();
      expect(rows[0].n).toBe(readNewsSnapshot().length);
    } finally {
      await Promise.all(opened.map((d) => d.close()));
    }
  });

  describe.runIf(reachable)('driven alternately', () => {
    let url = '';
    let a: Server;
    let b: Server;
    let env: Record<string, string>;

    beforeAll(async () => {
      const database = await freshPostgresDatabase('twoproc');
      cleanups.push(database.drop);
      url = database.url;
      env = { DATABASE_URL: url, CAPTCHA_TEST_ANSWER: ANSWER, ...UNLIMITED_RATE_ENV, RATE_LIMIT_CARBON_CITY: `${CITY_LIMIT}/600` };
      const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'two-proc-')));
      cleanups.push(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
      // both at once on the empty database: one migrates and seeds, the other waits for the lock and finds it done
      [a, b] = await Promise.all(dirs.map((dir) => startServer({ ...env, DATA_DIR: dir })));
      cleanups.push(
        () => stopServer(a.process),
        () => stopServer(b.process),
      );
    });

    it('accepts a captcha sign of one process once, on the other, and then refuses it on both', async () => {
      const sign = await newSign(a);
      const first = await submit(b, sign, 'captcha-1');
      expect(first.code, first.message).toBe('200');
      for (const server of [a, b]) {
        const again = await submit(server, sign, 'captcha-again');
        expect(again.code).toBe('400');
        expect(again.message).toMatch(/already been used/i);
      }
      // and a sign of the second process works on the first
      expect((await submit(a, await newSign(b), 'captcha-2')).code).toBe('200');
    });

    it('counts the rate limit of both processes together', async () => {
      const codes: string[] = [];
      await clearOfWindowEnd(600);
      for (let i = 0; i < CITY_LIMIT + 2; i++) {
        const server = i % 2 ? b : a;
        codes.push((await getJson(`${server.base}/homeapiak/carbonCalculate/getCity?prefix=ham&language=1`)).code);
      }
      // ten allowed in all (five on each), then refused on either
      expect(codes.slice(0, CITY_LIMIT)).toEqual(Array(CITY_LIMIT).fill('200'));
      expect(codes.slice(CITY_LIMIT)).toEqual(['429', '429']);
    });

    it('sends each digest exactly once when send-digests starts twice at the same moment', async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      // the latest day with an important story in both languages
      const { rows } = await client.query<{ day: string }>(`select min(day)::text as day from (select max(status_dt) as day from news_items where important group by language) d`);
      const day = rows[0].day;
      expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const people = 40;
      for (let i = 0; i < people; i++) {
        await client.query(
          `insert into subscribers (id, email, company, first_name, last_name, country, language, day_of_week, frequency_important, created_at)
           values (gen_random_uuid(), $1, 'Example Trading Co.', 'Reader', $2, 'CN', $3, 'DAILY', 3, ($4::date - 10))`,
          [`reader${i}@example.com`, `No. ${i}`, i % 2 ? 'en-US' : 'zh-CN', day],
        );
      }
      await client.end();
      const smtp = await slowMailServer(40, 2);
      cleanups.push(smtp.close);
      const mailEnv = {
        DATABASE_URL: url,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'two-proc-digest-')),
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Seabridge newsletter <news@seabridge.test>',
        SITE_URL: 'https://www.seabridge.test',
      };
      cleanups.push(() => rmSync(mailEnv.DATA_DIR, { recursive: true, force: true }));
      const at = `${day}T08:30:00+08:00`;
      const runs = await Promise.all([sendDigests(mailEnv, at), sendDigests(mailEnv, at)]);
      for (const run of runs) expect(run.code, run.out).toBe(0);
      const sent = runs.map((r) => Number(/: (\d+) sent/.exec(r.out)?.[1]));
      // both runs sent some (the mail server held the first mail of one until the other's came), and together each subscriber once
      expect(
        sent.every((n) => n > 0),
        runs.map((r) => r.out).join('\n'),
      ).toBe(true);
      expect(sent[0] + sent[1]).toBe(people);
      expect(smtp.recipients.length).toBe(people);
      expect(new Set(smtp.recipients).size).toBe(people);
    });

    it('stores every answered submission once when one process is SIGKILLed mid-burst, and the other keeps answering', async () => {
      const acknowledged: string[] = [];
      let killed = false;
      let afterKill = 0;
      const worker = async (w: number) => {
        for (let i = 0; afterKill < 15; i++) {
          // the sign from one process, the submission to the other, alternately; only b once a is gone
          const [from, to] = killed ? [b, b] : i % 2 ? [a, b] : [b, a];
          const marker = `w${w}-${i}`;
          try {
            const answer = await submit(to, await newSign(from), marker);
            if (answer.code === '200') {
              acknowledged.push(marker);
              if (killed && to === b) afterKill++;
            }
          } catch {
            // the connection died with process a: go on with b
          }
          if (acknowledged.length >= 20 && !killed) {
            killed = true;
            a.process.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));
      expect(killed).toBe(true);
      expect(afterKill).toBeGreaterThanOrEqual(15);

      const check = reconcile(acknowledged, await storedMessages(url, 'w'));
      expect(check.lost, 'answered 200, not stored').toEqual([]);
      expect(check.duplicated, 'stored more than once').toEqual([]);
      expect((await submit(b, await newSign(b), 'after-kill')).code).toBe('200');
    });
  });
});
