import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { subscribeCodes, subscribers } from '../../src/server/db/schema';
import { unsubscribeUrl } from '../../src/server/subscribe/links';
import { loadCaptchaSecret } from '../../src/server/forms/secret';
import type { Mailer } from '../../src/server/mail';
import { usingPostgres } from './harness';
import type { FormsHarness } from './forms-helpers';
import { authorised, codeFor, codeOf, startSubscribe, SUB, validSubscription } from './subscribe-helpers';

/**
 * The subscription calls on a real database (spec 002 §4-§8): option lists, the code
 * mail and its limits, the look-up's 200 / 201, every rule of register and modify with
 * its message in both languages, the outcomes (subscribed, modified, deleted, already
 * subscribed, not subscribed), the one-time captcha, the signed one-click link; and
 * that a refused request writes no subscriber and sends no mail.
 */

let h: FormsHarness;
beforeAll(async () => {
  h = await startSubscribe();
});
afterAll(async () => {
  await h?.close();
});

const state = async () => ({ subscribers: await h.count('subscribers'), mails: h.mailer.sent.length, digests: await h.count('subscribe_digests') });
async function expectNothingWritten(before: Awaited<ReturnType<typeof state>>) {
  expect(await state()).toEqual(before);
}
let n = 0;
/** A fresh address per test (the code limits are per address). */
const fresh = (name = 'shipper') => `${name}.${++n}@example.com`;

describe(`option lists on ${usingPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('trade labels are the route network’s trades, each with the services it includes, in the language asked', async () => {
    const en = (await h.get(SUB.labels)).body.data.content as { tradeLabel: string; tradeLabelCode: string; children: { tradeDesc: string; tradeLabelCode: string }[] }[];
    expect(en.map((l) => l.tradeLabelCode)).toEqual(['TP', 'AE', 'EF', 'TA', 'AP', 'LA', 'ME', 'IA']);
    const tp = en.find((l) => l.tradeLabelCode === 'TP')!;
    expect(tp.tradeLabel).toBe('Trans-Pacific');
    expect(tp.children.map((c) => c.tradeLabelCode)).toEqual(['PSX', 'PNW', 'NCX', 'ECX', 'SEC']);
    expect(tp.children[0].tradeDesc).toBe('PSX · South China – Pacific Southwest Express');
    const zh = (await h.get(SUB.labels, { language: 0 })).body.data.content as typeof en;
    expect(zh[0].tradeLabel).toBe('跨太平洋航线');
    expect(zh[0].children[0].tradeDesc).toBe('PSX · 华南—美西南快航');
  });

  it('ports are the network’s 99 ports with both names and their continent', async () => {
    const ports = (await h.get(SUB.ports)).body.data.content as { portZh: string; portEn: string; portCode: string; portContinent: string }[];
    expect(ports).toHaveLength(99);
    expect(ports.find((p) => p.portCode === 'CNSHA')).toEqual({ portZh: '上海', portEn: 'Shanghai', portCode: 'CNSHA', portContinent: 'asia' });
    expect(ports.find((p) => p.portCode === 'NCNOU')?.portContinent).toBe('oceania');
    expect(ports.find((p) => p.portCode === 'DJJIB')?.portContinent).toBe('africa');
    expect(new Set(ports.map((p) => p.portContinent))).toEqual(new Set(['asia', 'europe', 'america', 'africa', 'oceania']));
  });

  it('countries, provinces and cities answer code and description; an unknown country is 404', async () => {
    const countries = (await h.get(SUB.countries, { language: 0 })).body.data.content as { code: string; description: string }[];
    expect(countries[0]).toEqual({ code: 'CN', description: '中国' });
    const provinces = (await h.get('/subscribe/CN/provinces', { language: 0 })).body.data.content as { code: string; description: string }[];
    expect(provinces).toContainEqual({ code: 'SH', description: '上海市' });
    const cities = (await h.get('/subscribe/US/CA/cities')).body.data.content as { code: string; description: string }[];
    expect(cities).toContainEqual({ code: 'Los Angeles', description: 'Los Angeles' });
    const unknown = await h.get('/subscribe/XX/provinces');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('unknown country or region: XX');
    expect((await h.get('/subscribe/cn/provinces')).body.code).toBe('400');
  });
});

describe('the code mail', () => {
  it('refuses a missing or malformed address, in the visitor’s language, and mails nothing', async () => {
    const before = await state();
    const none = await h.post(SUB.sendCode, { lang: 'en-US' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('email: Please enter your e-mail address');
    const zh = await h.post(SUB.sendCode, { email: '', lang: 'zh-CN' }, { language: 0 });
    expect(zh.body.message).toBe('email: 请输入邮箱');
    for (const bad of ['li wei@example.com', 'li.wei@example', 'li+wei@example.com', '@example.com', 'li.wei@exa_mple.com']) {
      const { body } = await h.post(SUB.sendCode, { email: bad });
      expect(body.message, bad).toMatch(/^email: Please enter a valid e-mail address/);
    }
    await expectNothingWritten(before);
    expect(await h.count('subscribe_codes')).toBe(0);
  });

  it('mails 6 random digits in the page’s language and keeps only a hash', async () => {
    const email = fresh('Wang.Fang');
    const { body } = await h.post(SUB.sendCode, { email, lang: 'zh-CN' }, { language: 0 });
    expect(body.code).toBe('200');
    expect(body.message).toBe(`6位验证码已发送至 ${email.toLowerCase()}，15分钟内有效。`);
    const mail = h.mailer.sent.at(-1)!;
    const code = codeOf(mail);
    expect(mail.to).toBe(email.toLowerCase());
    expect(mail.subject).toBe(`您的验证码 ${code} – 海桥集运新闻订阅`);
    expect(mail.html).toContain(code);
    const rows = await h.database.db.select().from(subscribeCodes).where(eq(subscribeCodes.email, email.toLowerCase()));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0].codeHash).not.toBe(createHash('sha256').update(code).digest('base64url'));
    expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBe(900_000);
    // random: 20 codes are not all the same
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) codes.add(await codeFor(h, fresh('random')));
    expect(codes.size).toBeGreaterThan(15);
  });

  it('waits 60 seconds before another code (429 with Retry-After, nothing sent or stored)', async () => {
    const email = fresh();
    await codeFor(h, email);
    const before = await state();
    const rows = await h.count('subscribe_codes');
    h.clock.advance(45_000);
    const early = await h.post(SUB.sendCode, { email });
    expect(early.status).toBe(429);
    expect(early.body.message).toBe('A code was sent less than a minute ago. Please wait 15 seconds before asking for another one.');
    expect(early.headers.get('retry-after')).toBe('15');
    await expectNothingWritten(before);
    expect(await h.count('subscribe_codes')).toBe(rows);
    // the same address in another case is the same address
    expect((await h.post(SUB.sendCode, { email: email.toUpperCase() })).status).toBe(429);
    h.clock.advance(15_000);
    await codeFor(h, email);
  });

  it('stops at the daily limit per address, and lets the address ask again 24 hours later', async () => {
    const limited = await startSubscribe({ SUBSCRIBE_CODE_DAILY_LIMIT: '3' });
    try {
      const email = fresh('daily');
      for (let i = 0; i < 3; i++) {
        await codeFor(limited, email);
        limited.clock.advance(61_000);
      }
      const mails = limited.mailer.sent.length;
      const over = await limited.post(SUB.sendCode, { email });
      expect(over.status).toBe(429);
      expect(over.body.message).toBe('Daily e-mail limit reached for this address, please retry after 24 hours.');
      const zh = await limited.post(SUB.sendCode, { email, lang: 'zh-CN' });
      expect(zh.body.message).toBe('Daily e-mail limit reached for this address, please retry after 24 hours.'); // ?language=1 wins over lang
      const zhOnly = await limited.app.request(`http://test.local${limited.config.apiBase}${SUB.sendCode}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, lang: 'cn' }),
      });
      expect(((await zhOnly.json()) as { message: string }).message).toBe('该邮箱今日接收邮件已达上限，请24小时后再试。');
      expect(limited.mailer.sent.length).toBe(mails);
      expect(await limited.count('subscribe_codes')).toBe(3);
      // another address is not affected
      await codeFor(limited, fresh('other'));
      limited.clock.advance(24 * 3600_000 - 2 * 61_000);
      await codeFor(limited, email);
    } finally {
      await limited.close();
    }
  });

  it('says the code could not be sent when the mail server refuses it, and keeps no code', async () => {
    const broken: Mailer = { kind: 'smtp', send: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')) };
    const r = await startSubscribe({}, { mailer: broken });
    try {
      const { status, body } = await r.post(SUB.sendCode, { email: fresh() });
      expect(status).toBe(500);
      expect(body.message).toBe('The verification code could not be sent, please retry.');
      expect(await r.count('subscribe_codes')).toBe(0);
    } finally {
      await r.close();
    }
  });

  it('is rate-limited per client address', async () => {
    const r = await startSubscribe({ RATE_LIMIT_SUBSCRIBE: '2/3600' });
    try {
      await codeFor(r, fresh(), { ip: '198.51.100.9' });
      await codeFor(r, fresh(), { ip: '198.51.100.9' });
      const third = await r.post(SUB.sendCode, { email: fresh() }, { ip: '198.51.100.9' });
      expect(third.status).toBe(429);
      await codeFor(r, fresh(), { ip: '198.51.100.10' });
    } finally {
      await r.close();
    }
  });
});

describe('the look-up (step one)', () => {
  it('checks both fields', async () => {
    const { status, body } = await h.post(SUB.lookup, { email: '', code: '12345' });
    expect(status).toBe(400);
    expect(body.message).toBe('email: Please enter your e-mail address; code: The e-mail code has 6 digits');
    expect((await h.post(SUB.lookup, { email: fresh() })).body.message).toBe('code: Please enter the code from the e-mail');
    expect((await h.post(SUB.lookup, { email: fresh(), code: '12345a' })).body.message).toBe('code: The e-mail code has 6 digits');
  });

  it('answers 201 "please complete the form" for a new address with the right code', async () => {
    const email = fresh();
    const code = await codeFor(h, email);
    const { status, body } = await h.post(SUB.lookup, { email, code, lang: 'en-US' });
    expect(status).toBe(200);
    expect(body).toEqual({ code: '201', message: 'Please complete the form.', data: { content: null } });
    const zh = await h.post(SUB.lookup, { email, code }, { language: 0 });
    expect(zh.body.message).toBe('请完善表单。');
  });

  it('refuses a wrong code, a code never asked for, and an expired code', async () => {
    const email = fresh();
    expect((await h.post(SUB.lookup, { email, code: '123456' })).body.message).toBe('Please ask for a verification code first.');
    const code = await codeFor(h, email);
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await h.post(SUB.lookup, { email, code: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Verification code error.');
    expect((await h.post(SUB.lookup, { email, code: wrong }, { language: 0 })).body.message).toBe('验证码错误。');
    h.clock.advance(900_000);
    expect((await h.post(SUB.lookup, { email, code })).body.message).toBe('The verification code has expired. Please ask for a new one.');
    h.clock.advance(1_000);
    const renewed = await codeFor(h, email);
    expect((await h.post(SUB.lookup, { email, code: renewed })).body.code).toBe('201');
  });

  it('allows 5 wrong tries; after them even the right code is refused until a new one is sent', async () => {
    const email = fresh();
    const code = await codeFor(h, email);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 4; i++) expect((await h.post(SUB.lookup, { email, code: wrong })).body.message).toBe('Verification code error.');
    expect((await h.post(SUB.lookup, { email, code: wrong })).body.message).toBe('Too many wrong codes. Please ask for a new one.');
    expect((await h.post(SUB.lookup, { email, code })).body.message).toBe('Too many wrong codes. Please ask for a new one.');
    // a right code does not use up a try
    h.clock.advance(61_000);
    const next = await codeFor(h, email);
    for (let i = 0; i < 10; i++) expect((await h.post(SUB.lookup, { email, code: next })).body.code).toBe('201');
    // parallel guesses cannot go past the limit
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => h.post(SUB.lookup, { email, code: String(100000 + i) === next ? '200000' : String(100000 + i) })));
    expect(guesses.filter((g) => g.body.message === 'Verification code error.').length).toBeLessThanOrEqual(4);
    expect((await h.post(SUB.lookup, { email, code: next })).body.message).toBe('Too many wrong codes. Please ask for a new one.');
  });

  it('only the newest code counts', async () => {
    const email = fresh();
    const first = await codeFor(h, email);
    h.clock.advance(60_000);
    const second = await codeFor(h, email);
    if (first !== second) expect((await h.post(SUB.lookup, { email, code: first })).body.message).toBe('Verification code error.');
    expect((await h.post(SUB.lookup, { email, code: second })).body.code).toBe('201');
  });
});

describe('register, modify, unsubscribe', () => {
  it('refuses an empty form naming every field, in the visitor’s language, and writes nothing', async () => {
    const before = await state();
    const en = await h.post(SUB.register, { lang: 'en-US' });
    expect(en.status).toBe(400);
    for (const part of [
      'email: Please enter your e-mail address',
      'company: Please enter your company',
      'firstName: Please enter your first name',
      'lastName: Please enter your last name',
      'country: Please choose your country or region',
      'feqImportant: Please choose how often',
      'code: Please enter the picture code',
      'sign: Please load a new picture',
      'emailCode: Please enter the code from the e-mail',
    ])
      expect(en.body.message).toContain(part);
    const zh = await h.post(SUB.register, { lang: 'zh-CN' }, { language: 0 });
    for (const part of ['email: 请输入邮箱', 'company: 请输入公司名称', 'firstName: 请输入名', 'lastName: 请输入姓', 'country: 请选择国家/地区', 'code: 请输入图片验证码'])
      expect(zh.body.message).toContain(part);
    await expectNothingWritten(before);
  });

  const cases: [string, Record<string, string>, string][] = [
    ['company required', { company: ' ' }, 'company: Please enter your company'],
    ['first name required', { firstName: '' }, 'firstName: Please enter your first name'],
    ['last name required', { lastName: '' }, 'lastName: Please enter your last name'],
    ['country required', { country: '' }, 'country: Please choose your country or region'],
    ['province required where the country has provinces', { province: '' }, 'province: Please choose your province or state'],
    ['phone: digits and hyphens only', { phone: '+86 21 6123' }, 'phone: The phone number may contain digits and hyphens only'],
    ['captcha: exactly 4', { code: 'AB3' }, 'code: The picture code has 4 letters or digits'],
    ['captcha: letters or digits', { code: 'AB_3' }, 'code: The picture code has 4 letters or digits'],
    ['e-mail code: 6 digits', { emailCode: '12345' }, 'emailCode: The e-mail code has 6 digits'],
    ['nothing subscribed', { feqImportant: '0', feqBusiness: '0', feqPort: '0' }, 'feqImportant: Please choose at least one category'],
    ['one frequency', { feqImportant: '3', feqBusiness: '1' }, 'feqImportant: Please choose how often'],
    ['frequency 0 to 3', { feqPort: '4' }, 'feqPort: Please choose how often'],
    ['daily is DAILY', { feqImportant: '3', feqBusiness: '3', feqPort: '3', dayOfWeek: 'MON' }, 'dayOfWeek: Please choose the day of the week'],
    ['weekly needs a weekday', { dayOfWeek: 'DAILY' }, 'dayOfWeek: Please choose the day of the week'],
    ['weekday codes', { dayOfWeek: 'Monday' }, 'dayOfWeek: Please choose the day of the week'],
    ['business news needs trades', { labels: '' }, 'labels: Please choose at least one trade or port for business news'],
    ['port news needs ports', { portSubscribe: '' }, 'portSubscribe: Please choose at least one trade or port for business news'],
    ['label codes', { labels: 'TP;trans-pacific' }, 'labels: Trade label codes are 2 or 3 capital letters, joined with ;'],
    ['unknown trade label', { labels: 'TP;ZZ' }, 'labels: unknown trade label: ZZ'],
    ['unknown port', { portSubscribe: 'CNSHA;CNXXX' }, 'portSubscribe: unknown port: CNXXX'],
    ['unknown country', { country: 'XX' }, 'country: unknown country or region: XX'],
    ['unknown province', { province: 'ZZ' }, 'province: unknown province: CN/ZZ'],
    ['status is ACITVE', { status: 'ACTIVE' }, 'status: must be ACITVE'],
    ['unknown field', { referrer: 'x' }, 'Unrecognized key'],
  ];
  for (const [name, change, message] of cases) {
    it(`rule: ${name}`, async () => {
      const before = await state();
      const fields = { ...validSubscription({ email: fresh() }), emailCode: '123456', code: 'ABCD', sign: 'v1.x', ...change };
      const { status, body } = await h.post(SUB.register, fields);
      expect(status).toBe(400);
      expect(body.message).toContain(message);
      await expectNothingWritten(before);
    });
  }

  it('the province is optional where the country has none; the city is stored as chosen, nothing invented', async () => {
    const email = fresh();
    const code = await codeFor(h, email);
    const fields = validSubscription({ email, country: 'GI', province: '', city: '', phone: '' });
    const { body } = await h.post(SUB.register, await authorised(h, fields, code));
    expect(body.code, body.message).toBe('200');
    const [row] = await h.database.db.select().from(subscribers).where(eq(subscribers.email, email));
    expect(row).toMatchObject({ country: 'GI', province: '', city: '', phone: '' });
  });

  it('refuses a wrong or expired e-mail code, and a replayed captcha, writing no subscriber', async () => {
    const email = fresh();
    const code = await codeFor(h, email);
    const before = await state();
    const wrong = await h.post(SUB.register, await authorised(h, validSubscription({ email }), code === '111111' ? '111112' : '111111'));
    expect(wrong.body.message).toBe('Verification code error.');
    const captcha = await h.solved();
    const first = await h.post(SUB.register, { ...validSubscription({ email, company: '' }), emailCode: code, ...captcha });
    expect(first.body.message).toBe('company: Please enter your company'); // refused before the captcha was looked at
    const used = await h.post(SUB.register, { ...validSubscription({ email }), emailCode: code, code: captcha.code, sign: captcha.sign, lang: 'en-US' });
    expect(used.body.code, used.body.message).toBe('200'); // the sign was not used up by a request refused for its fields
    await h.post(SUB.cancel, { email, emailCode: code, ...(await h.solved()) });
    const replay = await h.post(SUB.register, { ...validSubscription({ email }), emailCode: code, code: captcha.code, sign: captcha.sign });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('This verification code has already been used. Please type the code of the new picture.');
    const wrongCaptcha = await h.post(SUB.register, { ...validSubscription({ email }), emailCode: code, code: 'zzzz', sign: (await h.solved()).sign }, { language: 0 });
    expect(wrongCaptcha.body.message).toBe('验证码错误，请输入新图片中的验证码。');
    h.clock.advance(900_000);
    const expired = await h.post(SUB.register, await authorised(h, validSubscription({ email }), code));
    expect(expired.body.message).toBe('The verification code has expired. Please ask for a new one.');
    expect(await state()).toEqual({ ...before, mails: before.mails });
  });

  it('registers, answers the record on look-up, refuses a second registration, modifies and unsubscribes', async () => {
    const email = fresh('Chen.Jing');
    const code = await codeFor(h, email);
    const fields = validSubscription({ email, lang: 'zh-CN', city: 'Pudong', labels: 'TP;AE;TP', portSubscribe: 'CNSHA;NLRTM' });
    const registered = await h.post(SUB.register, await authorised(h, fields, code), { language: 0 });
    expect(registered.body).toEqual({ code: '200', message: `订阅成功。首封订阅邮件将在您选定的下一个发送日发送至 ${email.toLowerCase()}。`, data: { content: null } });

    const found = await h.post(SUB.lookup, { email: email.toUpperCase(), code });
    expect(found.body.code).toBe('200');
    expect(found.body.message).toBe('Welcome back. Your subscription is shown below: change it and choose Modify, or unsubscribe.');
    const record = found.body.data.content as Record<string, unknown>;
    expect(record).toEqual({
      userUuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: email.toLowerCase(),
      company: 'Huadong Electronics Trading Co., Ltd.',
      firstName: 'Jing',
      lastName: 'Chen',
      country: 'CN',
      province: 'SH',
      city: 'Pudong',
      phone: '86-21-61234567',
      jobTitle: 'Logistics Manager',
      language: 'zh-CN',
      dayOfWeek: 'MON',
      labels: 'TP;AE',
      portSubscribe: 'CNSHA;NLRTM',
      feqImportant: 1,
      feqBusiness: 1,
      feqPort: 1,
      status: 'ACITVE',
    });

    const before = await state();
    const twice = await h.post(SUB.register, await authorised(h, fields, code));
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Already subscribed, please modify or cancel your subscription.');
    await expectNothingWritten(before);

    const change = {
      ...fields,
      feqImportant: '3',
      feqBusiness: '0',
      feqPort: '3',
      dayOfWeek: 'DAILY',
      labels: '',
      portSubscribe: 'CNNGB',
      jobTitle: 'Head of Logistics',
      uuid: String(record.userUuid),
      language: 'en-US',
    };
    const other = await h.post(SUB.update, { ...(await authorised(h, change, code)), uuid: '00000000-0000-4000-8000-000000000000' });
    expect(other.body.message).toBe('uuid: does not belong to this address');
    const modified = await h.post(SUB.update, await authorised(h, change, code));
    expect(modified.body).toEqual({ code: '200', message: 'Your subscription has been modified.', data: { content: null } });
    const after = (await h.post(SUB.lookup, { email, code })).body.data.content as Record<string, unknown>;
    expect(after).toMatchObject({
      dayOfWeek: 'DAILY',
      labels: '',
      portSubscribe: 'CNNGB',
      feqImportant: 3,
      feqBusiness: 0,
      feqPort: 3,
      jobTitle: 'Head of Logistics',
      language: 'en-US',
      userUuid: record.userUuid,
    });

    const cancelled = await h.post(SUB.cancel, { email, emailCode: code, lang: 'zh-CN', ...(await h.solved()) }, { language: 0 });
    expect(cancelled.body).toEqual({ code: '200', message: '已取消订阅，您将不再收到订阅邮件。', data: { content: null } });
    expect((await h.post(SUB.lookup, { email, code })).body.code).toBe('201');
  });

  it('modify and unsubscribe of an address that is not subscribed: the not-subscribed messages, nothing written', async () => {
    const email = fresh();
    const code = await codeFor(h, email);
    const before = await state();
    const update = await h.post(SUB.update, await authorised(h, validSubscription({ email }), code));
    expect(update.status).toBe(404);
    expect(update.body.message).toBe('No subscription information, please register.');
    const cancel = await h.post(SUB.cancel, { email, emailCode: code, ...(await h.solved()) });
    expect(cancel.status).toBe(404);
    expect(cancel.body.message).toBe('This address is not subscribed.');
    const zh = await h.post(SUB.cancel, { email, emailCode: code, ...(await h.solved()) }, { language: 0 });
    expect(zh.body.message).toBe('该邮箱尚未订阅。');
    await expectNothingWritten(before);
  });

  it('unsubscribe needs the e-mail code and the captcha', async () => {
    const email = fresh();
    const code = await codeFor(h, email);
    await h.post(SUB.register, await authorised(h, validSubscription({ email }), code));
    const before = await state();
    const missing = await h.post(SUB.cancel, { email });
    expect(missing.body.message).toBe('emailCode: Please enter the code from the e-mail; code: Please enter the picture code; sign: Please load a new picture');
    const wrong = await h.post(SUB.cancel, { email, emailCode: code === '222222' ? '222223' : '222222', ...(await h.solved()) });
    expect(wrong.body.message).toBe('Verification code error.');
    await expectNothingWritten(before);
  });
});

describe('the one-click link of the mails', () => {
  async function subscribed(language = 'en-US') {
    const email = fresh('link');
    const code = await codeFor(h, email);
    await h.post(SUB.register, await authorised(h, validSubscription({ email, language }), code));
    const [row] = await h.database.db.select().from(subscribers).where(eq(subscribers.email, email));
    const secret = await loadCaptchaSecret(h.database.db, h.config.forms.captchaSecret);
    return { row, url: new URL(unsubscribeUrl(h.config.subscribe, secret, row)) };
  }
  const follow = (url: URL, method = 'GET') =>
    h.app.request(
      `http://test.local${url.pathname}${url.search}`,
      method === 'POST' ? { method, body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } } : { method },
    );

  it('unsubscribes in one click, without a code, and shows the result page in the subscriber’s language', async () => {
    const { row, url } = await subscribed('zh-CN');
    expect(url.origin + url.pathname).toBe('https://www.seabridgelines.com/homeapiak/subscribe/unsubscribe');
    const response = await follow(url);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('https://www.seabridgelines.com/zh/home/News/newsSubscribe?result=unsubscribed');
    expect(await h.database.db.select().from(subscribers).where(eq(subscribers.id, row.id))).toHaveLength(0);
    const again = await follow(url);
    expect(again.headers.get('location')).toBe('https://www.seabridgelines.com/zh/home/News/newsSubscribe?result=notSubscribed');
  });

  it('refuses a link whose signature does not fit, and unsubscribes nobody', async () => {
    const { row, url } = await subscribed();
    const forged = new URL(url);
    forged.searchParams.set('t', `${url.searchParams.get('t')!.slice(0, 42)}${url.searchParams.get('t')!.endsWith('A') ? 'B' : 'A'}`);
    const response = await follow(forged);
    expect(response.headers.get('location')).toBe('https://www.seabridgelines.com/en/home/News/newsSubscribe?result=invalidLink');
    const garbage = await follow(new URL(`${url.origin}${url.pathname}?u=1&t=2`));
    expect(garbage.headers.get('location')).toMatch(/result=invalidLink$/);
    expect(await h.database.db.select().from(subscribers).where(eq(subscribers.id, row.id))).toHaveLength(1);
  });

  it('takes RFC 8058 one-click POSTs from mail programs', async () => {
    const { url } = await subscribed();
    const response = await follow(url, 'POST');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ code: '200', message: 'You have been unsubscribed. You will receive no more newsletters.', data: { content: null } });
    const again = await follow(url, 'POST');
    expect(again.status).toBe(404);
  });
});
