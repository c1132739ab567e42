import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db';
import { newsItems, subscribeDigests, subscribers } from '../../src/server/db/schema';
import { seedIfEmpty } from '../../src/server/db/seed';
import { createCaptcha } from '../../src/server/forms/captcha';
import { loadCaptchaSecret } from '../../src/server/forms/secret';
import { createMailer } from '../../src/server/mail';
import { sendDigests } from '../../src/server/subscribe/digest';
import { testClock } from './forms-helpers';
import { usingPostgres } from './harness';
import { parseMail, type ParsedMail } from './mime';
import { codeOf, SUB, validSubscription } from './subscribe-helpers';

/**
 * Delivery through a real SMTP server started here (smtp-server): the code mail, the
 * digests of two subscribers with different subscriptions (the right stories, in their
 * language, with the one-click link), a second run of the day that sends nothing, the
 * link itself, and `npm run send-digests` killed in the middle of a run and run again:
 * nothing sent twice, nobody missed.
 */

interface Received {
  to: string[];
  raw: string;
  mail: ParsedMail;
}

/** A mail server that keeps what it accepts; `stallOn(n)` leaves the n-th message without an answer (a run dies waiting). */
async function mailServer() {
  const received: Received[] = [];
  const stalled: Received[] = [];
  let stallAt = 0;
  let seen = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        const entry = { to: session.envelope.rcptTo.map((r) => r.address), raw, mail: parseMail(raw) };
        seen++;
        if (stallAt && seen === stallAt) {
          stalled.push(entry); // never answered: the client waits until it is killed
          return;
        }
        received.push(entry);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    stalled,
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    stallOn(n: number) {
      stallAt = n;
      seen = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A database the test and a child process can both open (one at a time for PGlite): a PGlite folder, or a fresh PostgreSQL database. */
async function sharedDatabase() {
  if (usingPostgres) {
    const name = `subscribe_test_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: url.href },
      open: () => openDatabase({ databaseUrl: url.href, dataDir: ':memory:' }),
      async drop() {
        const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'subscribe-delivery-'));
  return { env: { DATA_DIR: dir }, open: () => openDatabase({ dataDir: dir }), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** The API on a database, mailing through the configured SMTP server (no mailer injected). */
function api(database: Database, config: ServerConfig, now: () => Date) {
  const app: App = createApp({ database, config, now });
  const post = async (path: string, fields: Record<string, string>, language: 0 | 1 = 1) => {
    const response = await app.request(
      `http://test.local${config.apiBase}${path}?language=${language}`,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() },
      { clientAddress: '192.0.2.10' },
    );
    return (await response.json()) as { code: string; message: string; data: { content: unknown } };
  };
  const captcha = async () => {
    const secret = await loadCaptchaSecret(database.db, config.forms.captchaSecret);
    const { answer, sign } = createCaptcha({ secret, ttlSeconds: 600, now: now() });
    return { code: answer, sign };
  };
  return { app, post, captcha };
}

/** Subscribes an address the way the page does: code by mail (read from the SMTP server), then the form. */
async function subscribe(a: ReturnType<typeof api>, smtp: Awaited<ReturnType<typeof mailServer>>, fields: Record<string, string>, language: 0 | 1) {
  const before = smtp.received.length;
  const sent = await a.post(SUB.sendCode, { email: fields.email, lang: fields.lang }, language);
  expect(sent.code, sent.message).toBe('200');
  expect(smtp.received.length).toBe(before + 1);
  const code = codeOf(smtp.received.at(-1)!.mail.text);
  const registered = await a.post(SUB.register, { ...fields, emailCode: code, ...(await a.captcha()) }, language);
  expect(registered.code, registered.message).toBe('200');
  return code;
}

const CHINA = (day: string, time = '08:30') => new Date(`${day}T${time}:00+08:00`);

describe(`digests through a real SMTP server on ${usingPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  let smtp: Awaited<ReturnType<typeof mailServer>>;
  let db: Awaited<ReturnType<typeof sharedDatabase>>;
  let database: Database;
  let config: ServerConfig;
  const clock = testClock('2026-07-01T02:00:00Z');

  beforeAll(async () => {
    smtp = await mailServer();
    db = await sharedDatabase();
    database = await db.open();
    open = true;
    await seedIfEmpty(database.db);
    config = loadConfig({
      LOG_LEVEL: 'silent',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Seabridge newsletter <news@seabridge.test>',
      SITE_URL: 'https://www.seabridge.test',
      RATE_LIMIT_SUBSCRIBE: '1000/60',
      RATE_LIMIT_MAIL: '1000/60',
      ...db.env,
    });
  });
  let open = false;
  afterAll(async () => {
    if (open) await database.close();
    await db?.drop();
    await smtp?.close();
  });

  it('mails the code through SMTP, in the page’s language', async () => {
    const a = api(database, config, clock.now);
    const answer = await a.post(SUB.sendCode, { email: 'Zhao.Lei@Example.com', lang: 'zh-CN' }, 0);
    expect(answer.code).toBe('200');
    const { to, mail } = smtp.received.at(-1)!;
    expect(to).toEqual(['zhao.lei@example.com']);
    const code = codeOf(mail.text);
    expect(mail.headers.subject).toBe(`您的验证码 ${code} – 海桥集运新闻订阅`);
    expect(mail.headers.from).toBe('Seabridge newsletter <news@seabridge.test>');
    expect(mail.text).toContain('15分钟内有效');
    expect(mail.parts.some((p) => /text\/html/.test(p.headers['content-type'] ?? ''))).toBe(true);
    expect((await a.post(SUB.lookup, { email: 'zhao.lei@example.com', code })).code).toBe('201');
  });

  it('sends each subscriber the stories of their subscription, once, and the link unsubscribes', async () => {
    const a = api(database, config, clock.now);
    // A: English, weekly on Thursday, important news and the Trans-Pacific trade
    await subscribe(
      a,
      smtp,
      validSubscription({
        email: 'anna.mueller@example.com',
        firstName: 'Anna',
        lastName: 'Müller',
        country: 'DE',
        province: 'HH',
        city: 'Hamburg',
        lang: 'en-US',
        dayOfWeek: 'THU',
        feqImportant: '1',
        feqBusiness: '1',
        feqPort: '0',
        labels: 'TP',
        portSubscribe: '',
      }),
      1,
    );
    clock.advance(60_000);
    // B: Chinese, daily, news of the ports of Yantian and Ningbo only
    await subscribe(
      a,
      smtp,
      validSubscription({
        email: 'liu.yang@example.com',
        firstName: '洋',
        lastName: '刘',
        lang: 'zh-CN',
        dayOfWeek: 'DAILY',
        feqImportant: '0',
        feqBusiness: '0',
        feqPort: '3',
        labels: '',
        portSubscribe: 'CNYTN;CNNGB',
      }),
      0,
    );
    const mailer = createMailer(config.forms);
    const before = smtp.received.length;

    const first = await sendDigests({ db: database.db, config, mailer, at: CHINA('2026-07-30') });
    expect(first).toMatchObject({ period: '2026-07-30', due: 2, sent: 2, empty: 0, failed: 0, skipped: 0 });
    const digests = smtp.received.slice(before);
    expect(digests).toHaveLength(2);
    const anna = digests.find((d) => d.to[0] === 'anna.mueller@example.com')!.mail;
    const liu = digests.find((d) => d.to[0] === 'liu.yang@example.com')!.mail;

    // A: the important notices and the Trans-Pacific story since she subscribed (1 July), newest first within each part
    expect(anna.headers.subject).toBe('Seabridge news for you – July 30, 2026');
    expect(anna.text).toContain('Dear Anna Müller,');
    const annaTitles = [...anna.text.matchAll(/^\* (\d{4}-\d{2}-\d{2})  (.+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(annaTitles).toEqual([
      '2026-07-29 Red Sea Update: Asia–Europe Services Continue to Route via the Cape of Good Hope',
      '2026-07-22 Typhoon Warning: Operations at South China Ports',
      '2026-07-14 General Rate Increase: Asia to US West and East Coast',
    ]);
    expect(anna.text.indexOf('IMPORTANT NOTICES')).toBeLessThan(anna.text.indexOf('YOUR TRADES AND PORTS'));
    expect(anna.text).toContain('https://www.seabridge.test/en/home/News/detail/n2026-0714-df5c/50000000000000231?id=50000000000000231');
    expect(anna.text).toContain('every week on Thursday');
    // B: only the story about her ports, in Chinese
    expect(liu.headers.subject).toBe('海桥集运新闻订阅 – 2026年7月30日');
    expect(liu.text).toContain('尊敬的刘洋：');
    expect([...liu.text.matchAll(/^\* (\d{4}-\d{2}-\d{2})  (.+)$/gm)].map((m) => `${m[1]} ${m[2]}`)).toEqual(['2026-07-22 台风预警：华南港口作业安排']);
    expect(liu.text).toContain('/zh/home/News/detail/n2026-0722-a204/');

    for (const mail of [anna, liu]) {
      expect(mail.headers['list-unsubscribe']).toMatch(/^<https:\/\/www\.seabridge\.test\/homeapiak\/subscribe\/unsubscribe\?u=[0-9a-f-]{36}&t=[\w-]{43}&language=[01]>$/);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.headers['message-id']).toMatch(/^<digest-[0-9a-f-]{36}-2026-07-30@seabridge\.test>$/);
      expect(mail.text).toContain(mail.headers['list-unsubscribe'].slice(1, -1));
      expect(mail.parts.some((p) => /text\/html/.test(p.headers['content-type'] ?? ''))).toBe(true);
    }

    // a second run the same day sends nothing again
    const second = await sendDigests({ db: database.db, config, mailer, at: CHINA('2026-07-30', '15:00') });
    expect(second).toMatchObject({ due: 2, sent: 0, skipped: 2, failed: 0 });
    expect(smtp.received.length).toBe(before + 2);

    // the next day: A is weekly (not due); B is due, but nothing new matches her ports; then a new story does
    const friday = await sendDigests({ db: database.db, config, mailer, at: CHINA('2026-07-31') });
    expect(friday).toMatchObject({ due: 1, sent: 0, empty: 1 });
    await database.db.insert(newsItems).values({
      uuid: 'n2026-0801-test',
      language: 0,
      typeId: '50000000000000231',
      title: '宁波港区闸口作业时间调整',
      statusDt: '2026-08-01',
      summary: '自8月3日起，宁波各港区出口重箱进闸时间调整。',
      body: '<p>自8月3日起调整。</p>',
      portCodes: ['CNNGB'],
    });
    const saturday = await sendDigests({ db: database.db, config, mailer, at: CHINA('2026-08-01') });
    expect(saturday).toMatchObject({ due: 1, sent: 1 });
    const sat = smtp.received.at(-1)!;
    expect(sat.to).toEqual(['liu.yang@example.com']);
    expect([...sat.mail.text.matchAll(/^\* (.+)$/gm)].map((m) => m[1])).toEqual(['2026-08-01  宁波港区闸口作业时间调整']);

    // A follows the link of her mail: unsubscribed at once, and the next Thursday brings her nothing
    const link = new URL(anna.headers['list-unsubscribe'].slice(1, -1));
    const followed = await a.app.request(`http://test.local${link.pathname}${link.search}`);
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toBe('https://www.seabridge.test/en/home/News/newsSubscribe?result=unsubscribed');
    expect(await database.db.select().from(subscribers).where(eq(subscribers.email, 'anna.mueller@example.com'))).toHaveLength(0);
    const count = smtp.received.length;
    const thursday = await sendDigests({ db: database.db, config, mailer, at: CHINA('2026-08-06') });
    expect(thursday).toMatchObject({ subscribers: 1, due: 1, sent: 0, empty: 1 }); // B only, with nothing new since 1 August
    expect(smtp.received.length).toBe(count);
  });

  // three runs of a child process, each starting Node and opening the database: on a busy 2-core machine
  // that took over the project's 30 s (a CI run beside a build), so the test has its own limit
  it('npm run send-digests killed in the middle of a run: the next run sends only what was not sent', { timeout: 180_000 }, async () => {
    // three daily subscribers of important news (the typhoon warning of 22 July is for all of them)
    const a = api(database, config, clock.now);
    const people = ['ops.one@example.com', 'ops.two@example.com', 'ops.three@example.com'];
    for (const email of people) {
      clock.advance(60_000);
      await subscribe(a, smtp, validSubscription({ email, dayOfWeek: 'DAILY', feqImportant: '3', feqBusiness: '0', feqPort: '0', labels: '', portSubscribe: '' }), 1);
    }
    // the subscribers of the test before (B) gets hers too: stop her, so the run is these three
    await database.db.delete(subscribers).where(eq(subscribers.email, 'liu.yang@example.com'));
    await database.close(); // PGlite: one process at a time
    open = false;

    const run = (at: string) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['scripts/send-digests.mjs', '--at', at], {
          env: { ...process.env, ...db.env, SMTP_URL: smtp.url, MAIL_FROM: 'Seabridge newsletter <news@seabridge.test>', SITE_URL: 'https://www.seabridge.test', LOG_LEVEL: 'info' },
        });
        let out = '';
        const stalledBefore = smtp.stalled.length;
        child.stdout.on('data', (c) => (out += c));
        child.stderr.on('data', (c) => (out += c));
        const timer = setInterval(() => {
          if (smtp.stalled.length > stalledBefore && child.exitCode === null) child.kill('SIGKILL');
        }, 50);
        child.on('exit', (code) => {
          clearInterval(timer);
          resolve({ code, out });
        });
      });

    const before = smtp.received.length;
    smtp.stallOn(2); // the second digest of the run never gets an answer: the process is killed waiting for it
    const crashed = await run('2026-08-10T08:30:00+08:00');
    expect(crashed.code, crashed.out).toBe(null); // killed
    expect(smtp.received.slice(before).map((r) => r.to[0])).toEqual(['ops.one@example.com']);
    expect(smtp.stalled.map((r) => r.to[0])).toEqual(['ops.two@example.com']);

    smtp.stallOn(0);
    const rerun = await run('2026-08-10T08:45:00+08:00'); // after the 10-minute claim of the dead run
    expect(rerun.code, rerun.out).toBe(0);
    expect(rerun.out).toContain('send-digests 2026-08-10 (Asia/Shanghai): 3 subscribers, 3 due: 2 sent, 0 with nothing new, 1 already done, 0 failed');
    const after = smtp.received.slice(before);
    expect(after.map((r) => r.to[0])).toEqual(['ops.one@example.com', 'ops.two@example.com', 'ops.three@example.com']);
    // the one that may have gone out before the crash is sent again under the same Message-ID
    expect(after[1].mail.headers['message-id']).toBe(smtp.stalled[0].mail.headers['message-id']);

    const again = await run('2026-08-10T18:00:00+08:00');
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain('3 due: 0 sent, 0 with nothing new, 3 already done');
    expect(smtp.received.length).toBe(before + 3);

    database = await db.open();
    open = true;
    const rows = await database.db
      .select()
      .from(subscribeDigests)
      .where(and(eq(subscribeDigests.period, '2026-08-10'), eq(subscribeDigests.status, 'sent')));
    expect(rows).toHaveLength(3);
  });
});
