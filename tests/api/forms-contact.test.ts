import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { contactMessages } from '../../src/server/db/schema';
import { seedIfEmpty } from '../../src/server/db/seed';
import { CAPTCHA_CHARS } from '../../src/server/forms/captcha';
import { usingPostgres } from './harness';
import { MemoryMailer, startForms, validMessage, type FormsHarness } from './forms-helpers';
import { parseMail } from './mime';

let h: FormsHarness;
beforeAll(async () => {
  h = await startForms();
});
afterAll(async () => {
  await h?.close();
});

const SAVE = '/contactUs/saveContactUs';

async function send(fields: Record<string, string>, options: { language?: 0 | 1; ip?: string } = {}) {
  return h.post(SAVE, { ...fields, ...(await h.solved()) }, options);
}

/** A refused request leaves no message row and sends no mail. */
async function expectNothingWritten(before: { rows: number; mails: number }) {
  expect(await h.count('contact_messages')).toBe(before.rows);
  expect(h.mailer.sent.length).toBe(before.mails);
}
const snapshot = async () => ({ rows: await h.count('contact_messages'), mails: h.mailer.sent.length });

describe(`captcha on ${usingPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('answers an SVG picture and a sign that names no answer', async () => {
    const fixed = await startForms({ CAPTCHA_TEST_ANSWER: 'K7QX' });
    try {
      const { status, body } = await fixed.get('/public/captcha/new');
      expect(status).toBe(200);
      const content = body.data.content as { imageCode: string; sign: string };
      expect(content.imageCode).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(content.imageCode.split(',')[1], 'base64').toString();
      expect(svg).toMatch(/^<svg[^>]+viewBox/);
      expect(svg.match(/<path/g)!.length).toBeGreaterThanOrEqual(4 + 4); // 4 glyphs and noise lines
      expect(svg).not.toMatch(/K7QX|<text/i); // glyphs are outlines, not text
      // the sign: version, nonce, expiry, MAC; the answer is nowhere in it, in clear or base64
      expect(content.sign).toMatch(/^v1\.[\w-]{16}\.\d{10}\.[\w-]{43}$/);
      const decoded = content.sign
        .split('.')
        .map((p) => Buffer.from(p, 'base64url').toString('latin1'))
        .join(' ');
      expect(`${content.sign} ${decoded}`.toLowerCase()).not.toContain('k7qx');
    } finally {
      await fixed.close();
    }
  });

  it('draws 4 characters from a set without look-alikes, differently each time', async () => {
    const answers = new Set<string>();
    for (let i = 0; i < 20; i++) answers.add((await h.solved()).code);
    expect(answers.size).toBeGreaterThan(15);
    for (const answer of answers) {
      expect(answer).toHaveLength(4);
      for (const ch of answer) expect(CAPTCHA_CHARS).toContain(ch);
    }
    expect(CAPTCHA_CHARS).not.toMatch(/[0oO1lIi]/);
  });

  it('takes the answer in either case', async () => {
    const { code, sign } = await h.solved();
    const { body } = await h.post(SAVE, { ...validMessage(), code: code.toLowerCase() === code ? code.toUpperCase() : code.toLowerCase(), sign });
    expect(body.code).toBe('200');
  });

  it('refuses a wrong answer with its own message, and writes nothing', async () => {
    const before = await snapshot();
    const { sign } = await h.solved();
    const { status, body } = await h.post(SAVE, { ...validMessage(), code: 'zzzz', sign });
    expect(status).toBe(400);
    expect(body.message).toBe('The verification code is wrong. Please type the code of the new picture.');
    await expectNothingWritten(before);
    const zh = await h.post(SAVE, { ...validMessage(), code: 'zzzz', sign: (await h.solved()).sign }, { language: 0 });
    expect(zh.body.message).toBe('验证码错误，请输入新图片中的验证码。');
  });

  it('accepts a sign once: a replay is refused with its own message', async () => {
    const solved = await h.solved();
    expect((await h.post(SAVE, { ...validMessage(), ...solved })).body.code).toBe('200');
    const before = await snapshot();
    const replay = await h.post(SAVE, { ...validMessage(), ...solved });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toMatch(/already been used/);
    await expectNothingWritten(before);
  });

  it('uses a sign up on a wrong answer too: one guess per picture', async () => {
    const solved = await h.solved();
    expect((await h.post(SAVE, { ...validMessage(), code: 'zzzz', sign: solved.sign })).body.message).toMatch(/wrong/);
    expect((await h.post(SAVE, { ...validMessage(), ...solved })).body.message).toMatch(/already been used/);
  });

  it('refuses an expired sign with its own message (the clock moved past its life)', async () => {
    const solved = await h.solved();
    h.clock.advance((h.config.forms.captchaTtlSeconds + 1) * 1000);
    const before = await snapshot();
    const { status, body } = await h.post(SAVE, { ...validMessage(), ...solved });
    expect(status).toBe(400);
    expect(body.message).toBe('The verification code has expired. Please type the code of the new picture.');
    await expectNothingWritten(before);
  });

  it('refuses a forged or tampered sign', async () => {
    const solved = await h.solved();
    const [v, nonce, expiry, mac] = solved.sign.split('.');
    const longer = `${v}.${nonce}.${Number(expiry) + 86400}.${mac}`; // stretched life: the MAC no longer matches
    expect((await h.post(SAVE, { ...validMessage(), code: solved.code, sign: longer })).body.message).toMatch(/wrong/);
    expect((await h.post(SAVE, { ...validMessage(), code: solved.code, sign: 'v1.abc.123.def' })).body.message).toMatch(/not valid/);
  });

  it('works across API processes: a sign used on one is refused by another on the same database', async () => {
    const other = createApp({ database: h.database, config: h.config, now: h.clock.now, mailer: h.mailer });
    const solved = await h.solved();
    expect((await h.post(SAVE, { ...validMessage(), ...solved })).body.code).toBe('200');
    const response = await other.request(
      `http://test.local${h.config.apiBase}${SAVE}?language=1`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...validMessage(), ...solved }).toString(),
      },
      { clientAddress: '198.51.100.9' },
    );
    expect((await response.json()).message).toMatch(/already been used/);
  });
});

describe('leave a message', () => {
  it('stores the message as typed, notifies staff, and answers the success message in the language', async () => {
    const mails = h.mailer.sent.length;
    const fields = validMessage({
      userName: '  王芳 ',
      companyName: '上海远洋贸易有限公司',
      country: '中国/上海市/Shanghai',
      content: '请报上海至鹿特丹40尺高箱的运价，每周两个柜，从一月开始。谢谢！',
    });
    const { status, body } = await send(fields, { language: 0 });
    expect(status).toBe(200);
    expect(body).toEqual({ code: '200', message: '感谢您的留言，我们将在一周内回复。', data: { content: null } });
    const rows = await h.database.db.select().from(contactMessages);
    const row = rows.find((r) => r.userName === '王芳')!;
    expect(row).toMatchObject({
      language: 0,
      email: 'li.wei@example.com',
      companyName: '上海远洋贸易有限公司',
      needCall: 0,
      tel: '021-12345678',
      country: '中国/上海市/Shanghai',
      clientAddress: '203.0.113.7',
    });
    expect(row.content).toBe(fields.content);
    expect(row.notifiedAt).toBeInstanceOf(Date);
    expect(h.mailer.sent.length).toBe(mails + 1);
    const mail = h.mailer.sent.at(-1)!;
    expect(mail.to).toBe('service@seabridgelines.com');
    expect(mail.replyTo).toBe('li.wei@example.com');
    expect(mail.subject).toContain('王芳');
    for (const value of ['王芳', 'li.wei@example.com', '上海远洋贸易有限公司', '021-12345678', '中国/上海市/Shanghai', fields.content, row.id]) expect(mail.text).toContain(value);
    const en = await send(validMessage());
    expect(en.body.message).toBe('Thank you. Your message has been sent; we will reply within a week.');
  });

  it('sends no made-up phone number when no call is wanted', async () => {
    const { body } = await send(validMessage({ needCall: '1', tel: '', userName: 'No Call' }));
    expect(body.code).toBe('200');
    const row = (await h.database.db.select().from(contactMessages)).find((r) => r.userName === 'No Call')!;
    expect(row.tel).toBe('');
    expect(row.needCall).toBe(1);
    expect(h.mailer.sent.at(-1)!.text).toContain('Phone / 电话: -');
  });

  it('keeps the region chosen in the floating widget, and refuses an unknown one', async () => {
    expect((await send({ ...validMessage({ userName: 'Region' }), region: '1' })).body.code).toBe('200');
    expect(h.mailer.sent.at(-1)!.text).toMatch(/Region \/ 区域: \S/);
    const bad = await send({ ...validMessage(), region: '999999' });
    expect(bad.body.code).toBe('400');
    expect(bad.body.message).toMatch(/^region: /);
  });

  const refusals: [string, Record<string, string>, string, RegExp][] = [
    ['missing e-mail', { email: '' }, 'email', /Please enter your e-mail address/],
    ['bad e-mail', { email: 'li.wei@example' }, 'email', /valid e-mail address/],
    ['e-mail with a space', { email: 'li wei@example.com' }, 'email', /valid e-mail address/],
    ['missing name', { userName: '   ' }, 'userName', /Please enter your name/],
    ['missing comment', { content: '' }, 'content', /Please enter your message/],
    ['comment of 19 characters', { content: 'x'.repeat(19) }, 'content', /at least 20 characters/],
    ['comment of 1001 characters', { content: 'x'.repeat(1001) }, 'content', /at most 1000 characters/],
    ['phone missing when a call is wanted', { needCall: '0', tel: '' }, 'tel', /Please enter a phone number/],
    ['phone of 7 digits', { tel: '1234567' }, 'tel', /8 digits/],
    ['phone with a 5-digit area code', { tel: '02155-12345678' }, 'tel', /8 digits/],
    ['mobile not starting 13', { tel: '14812345678' }, 'tel', /8 digits/],
    ['mobile of 10 digits', { tel: '1381234567' }, 'tel', /8 digits/],
    ['phone with letters', { tel: '021-1234567a' }, 'tel', /8 digits/],
    ['optional phone that is not a number', { needCall: '1', tel: 'call me' }, 'tel', /8 digits/],
    ['no phone-me choice', { needCall: '' }, 'needCall', /whether we should call/],
    ['name too long', { userName: 'n'.repeat(101) }, 'userName', /too long/],
  ];
  for (const [what, over, field, message] of refusals) {
    it(`refuses ${what} with code 400 naming ${field}, and writes nothing`, async () => {
      const before = await snapshot();
      const { status, body } = await send(validMessage(over));
      expect(status).toBe(400);
      expect(body.code).toBe('400');
      expect(body.message).toMatch(new RegExp(`^${field}: `));
      expect(body.message).toMatch(message);
      await expectNothingWritten(before);
    });
  }

  it('refuses a missing or malformed captcha answer before looking at the sign', async () => {
    const before = await snapshot();
    const { sign } = await h.solved();
    const missing = await h.post(SAVE, { ...validMessage(), code: '', sign });
    expect(missing.body.message).toBe('code: Please enter the verification code');
    const short = await h.post(SAVE, { ...validMessage(), code: 'abc', sign }, { language: 0 });
    expect(short.body.message).toBe('code: 验证码为4个字符');
    await expectNothingWritten(before);
    // the sign was not used by those refusals
    expect((await h.post(SAVE, { ...validMessage(), code: 'zzzz', sign })).body.message).toMatch(/wrong/);
  });

  it('names every failing field at once, in Chinese for a Chinese page', async () => {
    const { body } = await h.post(SAVE, { email: '' }, { language: 0 });
    expect(body.code).toBe('400');
    for (const text of ['email: 请输入邮箱', 'userName: 请输入姓名', 'content: 请输入留言内容', 'code: 请输入验证码']) expect(body.message).toContain(text);
  });

  it('accepts each phone form of the spec', async () => {
    for (const tel of ['12345678', '(021)12345678', '(0571)12345678', '021-12345678', '0571-12345678', '13812345678', '138 1234 5678']) {
      const { body } = await send(validMessage({ tel, userName: `Phone ${tel}` }));
      expect(body.code, tel).toBe('200');
    }
  });

  it('counts characters, not bytes: 20 Chinese characters are enough, 1000 emoji are not too many', async () => {
    expect((await send(validMessage({ content: '集'.repeat(20) }))).body.code).toBe('200');
    expect((await send(validMessage({ content: '🚢'.repeat(1000) }))).body.code).toBe('200');
  });

  it('refuses unknown fields and a JSON body of the wrong shape', async () => {
    const extra = await send({ ...validMessage(), isAdmin: '1' });
    expect(extra.body.code).toBe('400');
    const { body } = await h.post(SAVE, validMessage(), { headers: { 'content-type': 'application/json' } });
    expect(body.code).toBe('400');
  });
});

describe('rate limits', () => {
  it('answer 429 in the wrapper after the configured number of messages per address, per window', async () => {
    const r = await startForms({ RATE_LIMIT_MESSAGE: '2/3600' });
    try {
      const post = async (ip: string, headers: Record<string, string> = {}) => r.post(SAVE, { ...validMessage(), ...(await r.solved()) }, { ip, headers });
      expect((await post('192.0.2.1')).body.code).toBe('200');
      expect((await post('192.0.2.1')).body.code).toBe('200');
      const third = await post('192.0.2.1', { 'x-forwarded-for': '10.9.9.9' }); // a made-up X-Forwarded-For changes nothing
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({ code: '429', data: { content: null } });
      expect(third.body.message).toBe('Too many requests from your network. Please try again in 60 minutes.');
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await r.count('contact_messages')).toBe(2);
      // another address is not limited; the next window is open again
      expect((await post('192.0.2.2')).body.code).toBe('200');
      r.clock.advance(3600 * 1000);
      expect((await post('192.0.2.1')).body.code).toBe('200');
    } finally {
      await r.close();
    }
  });

  it('hold exactly under a concurrent burst from one address, and do not block another', async () => {
    const r = await startForms({ RATE_LIMIT_CAPTCHA: '10/600' });
    try {
      const get = (ip: string) => r.get('/public/captcha/new', { ip });
      const burst = await Promise.all([...Array.from({ length: 50 }, () => get('192.0.2.77')), ...Array.from({ length: 5 }, () => get('192.0.2.78'))]);
      const codes = (from: number, to: number) => burst.slice(from, to).map((a) => a.body.code);
      expect(codes(0, 50).filter((c) => c === '200')).toHaveLength(10);
      expect(codes(0, 50).filter((c) => c === '429')).toHaveLength(40);
      expect(codes(50, 55)).toEqual(['200', '200', '200', '200', '200']);
    } finally {
      await r.close();
    }
  });

  it('count per forwarded client only behind a configured proxy', async () => {
    const r = await startForms({ RATE_LIMIT_CAPTCHA: '1/600', TRUST_PROXY_HOPS: '1' });
    try {
      const get = (forwarded: string) => r.get('/public/captcha/new', { ip: '10.0.0.1', headers: { 'x-forwarded-for': forwarded } });
      expect((await get('spoofed, 198.51.100.1')).status).toBe(200);
      expect((await get('other, 198.51.100.2')).status).toBe(200);
      expect((await get('198.51.100.1')).status).toBe(429);
      const zh = await r.get('/public/captcha/new', { ip: '10.0.0.1', language: 0, headers: { 'x-forwarded-for': '198.51.100.2' } });
      expect(zh.body.message).toBe('您所在网络的请求过于频繁，请10分钟后再试。');
    } finally {
      await r.close();
    }
  });

  it('are shared by API processes on the same database', async () => {
    const r = await startForms({ RATE_LIMIT_CAPTCHA: '3/600' });
    try {
      const second = createApp({ database: r.database, config: r.config, now: r.clock.now, mailer: r.mailer });
      const url = `http://test.local${r.config.apiBase}/public/captcha/new`;
      const codes = [];
      for (let i = 0; i < 4; i++) {
        const app = i % 2 ? second : r.app;
        codes.push((await (await app.request(url, {}, { clientAddress: '192.0.2.50' })).json()).code);
      }
      expect(codes).toEqual(['200', '200', '200', '429']);
    } finally {
      await r.close();
    }
  });
});

describe('mail', () => {
  it('is delivered to a real SMTP server, with the visitor fields in it', async () => {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    const r = await startForms({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_TO_STAFF: 'desk@seabridge.test', MAIL_FROM: 'Website <web@seabridge.test>' });
    try {
      // no injected mailer: the configured SMTP transport is used
      const app = createApp({ database: r.database, config: r.config, now: r.clock.now });
      const fields: Record<string, string> = { ...validMessage({ userName: '陈明', content: 'Reefer space for 2 x 40RH bananas, Guayaquil to Shanghai, in March.' }), ...(await r.solved()) };
      const response = await app.request(
        `http://test.local${r.config.apiBase}${SAVE}?language=1`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        },
        { clientAddress: '192.0.2.77' },
      );
      expect((await response.json()).code).toBe('200');
      expect(received).toHaveLength(1);
      expect(received[0].to).toEqual(['desk@seabridge.test']);
      expect(received[0].from).toBe('web@seabridge.test');
      const mail = parseMail(received[0].raw);
      expect(mail.headers.to).toBe('desk@seabridge.test');
      expect(mail.headers['reply-to']).toBe('li.wei@example.com');
      expect(mail.headers.subject).toBe('Website message / 网站留言: 陈明 (Example Trading Co.)');
      for (const value of ['陈明', 'li.wei@example.com', 'Example Trading Co.', '021-12345678', 'China/Shanghai/Shanghai', fields.content]) expect(mail.text).toContain(value);
      const [row] = (await r.database.db.select().from(contactMessages)).filter((m) => m.userName === '陈明');
      expect(row.notifiedAt).toBeInstanceOf(Date);
      expect(row.notifyError).toBeNull();
    } finally {
      await r.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('keeps the message when the mail server is down, and records why nobody was told', async () => {
    const r = await startForms({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const app = createApp({ database: r.database, config: r.config, now: r.clock.now });
      const response = await app.request(`http://test.local${r.config.apiBase}${SAVE}?language=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...validMessage(), ...(await r.solved()) }).toString(),
      });
      expect((await response.json()).code).toBe('200');
      const [row] = await r.database.db.select().from(contactMessages);
      expect(row.notifiedAt).toBeNull();
      expect(row.notifyError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await r.close();
    }
  });

  it('goes to the outbox folder as .eml files, with one log line each, when no SMTP server is configured', async () => {
    const r = await startForms({ LOG_LEVEL: 'info' });
    // the server's log: JSON lines on standard output (src/observability/log.mjs)
    const log = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const app = createApp({ database: r.database, config: r.config, now: r.clock.now });
      const response = await app.request(`http://test.local${r.config.apiBase}${SAVE}?language=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...validMessage({ userName: 'Outbox Visitor' }), ...(await r.solved()) }).toString(),
      });
      expect((await response.json()).code).toBe('200');
      const files = readdirSync(r.outboxDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const mail = parseMail(readFileSync(join(r.outboxDir, files[0])));
      expect(mail.headers.subject).toContain('Outbox Visitor');
      expect(mail.text).toContain('li.wei@example.com');
      const lines = log.mock.calls
        .flatMap((c) => String(c[0]).split('\n'))
        .filter((l) => l.startsWith('{'))
        .map((l) => String(JSON.parse(l).msg))
        .filter((l) => l.startsWith('[mail]'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(files[0]);
    } finally {
      log.mockRestore();
      await r.close();
    }
  });
});

describe.skipIf(usingPostgres)('persistence', () => {
  it('keeps a message across a server restart (the PGlite folder reopened)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forms-restart-'));
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, CAPTCHA_TEST_ANSWER: 'RT4M' });
    const mails = new MemoryMailer();
    const first = await openDatabase({ dataDir });
    await seedIfEmpty(first.db);
    const app = createApp({ database: first, config, mailer: mails });
    const sign = (await (await app.request(`http://test.local${config.apiBase}/public/captcha/new`)).json()).data.content.sign;
    const saved = await app.request(`http://test.local${config.apiBase}${SAVE}?language=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...validMessage({ userName: 'Before Restart' }), code: 'rt4m', sign }).toString(),
    });
    expect((await saved.json()).code).toBe('200');
    await first.close();

    const third = await openDatabase({ dataDir });
    try {
      const rows = await third.db.select().from(contactMessages);
      expect(rows.map((r) => r.userName)).toEqual(['Before Restart']);
      // and the used sign stays used after the restart
      const app3 = createApp({ database: third, config, mailer: mails });
      const replay = await app3.request(`http://test.local${config.apiBase}${SAVE}?language=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...validMessage(), code: 'rt4m', sign }).toString(),
      });
      expect((await replay.json()).message).toMatch(/already been used/);
    } finally {
      await third.close();
    }
  });
});

describe('countries, provinces and cities', () => {
  it('lists countries named in the language, China first', async () => {
    const zh = (await h.get('/ebbase/public/country/countries', { language: 0 })).body.data.content as { code: string; label: string; value: string }[];
    const en = (await h.get('/ebbase/public/country/countries', { language: 1 })).body.data.content as typeof zh;
    expect(zh.length).toBeGreaterThan(240);
    expect(zh[0]).toEqual({ code: 'CN', label: '中国', value: 'CN' });
    expect(en[0]).toEqual({ code: 'CN', label: 'China', value: 'CN' });
    expect(zh.find((c) => c.code === 'DE')!.label).toBe('德国');
    expect(en.find((c) => c.code === 'DE')!.label).toBe('Germany');
    expect(en.find((c) => c.code === 'TW')!.label).toBe('Taiwan, China');
    const names = en.slice(1).map((c) => c.label);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });

  it("lists China's provinces in Chinese and a country's provinces in the dataset's names", async () => {
    const zh = (await h.get('/ebbase/public/country/CN/provinces', { language: 0 })).body.data.content as { code: string; label: string }[];
    expect(zh.find((p) => p.code === 'SH')!.label).toBe('上海市');
    expect(zh.find((p) => p.code === 'GD')!.label).toBe('广东省');
    const us = (await h.get('/ebbase/public/country/US/provinces', { language: 0 })).body.data.content as { code: string; label: string }[];
    expect(us.find((p) => p.code === 'CA')!.label).toBe('California');
  });

  it('lists the cities of a province', async () => {
    const { body } = await h.get('/ebbase/public/country/CN/cities?province=SH');
    const labels = (body.data.content as { label: string }[]).map((c) => c.label);
    expect(labels).toContain('Shanghai');
    const de = (await h.get('/ebbase/public/country/DE/cities?province=HH')).body.data.content as { label: string }[];
    expect(de.map((c) => c.label)).toContain('Hamburg');
  });

  it('answers 404 for an unknown country or province and 400 for malformed ones', async () => {
    expect((await h.get('/ebbase/public/country/QQ/provinces')).status).toBe(404);
    expect((await h.get('/ebbase/public/country/CN/cities?province=XX')).status).toBe(404);
    const bad = await h.get('/ebbase/public/country/china/provinces');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/countryCode/);
    const noProvince = await h.get('/ebbase/public/country/CN/cities');
    expect(noProvince.body.message).toMatch(/province/);
  });
});
