import { describe, expect, it } from 'vitest';
import { readNewsSnapshot } from '../../src/server/news/snapshot';
import { loadRouteNetwork } from '../../src/routes/route-network';
import {
  checkCaptchaCode,
  checkEmailCode,
  checkSubscribeEmail,
  checkSubscriberField,
  joinList,
  languageOfLang,
  splitList,
  validatePreference,
  validateSubscription,
} from '../../src/forms/validation/subscribe';
import { checkPrefs, DEFAULT_PREFS, prefsFromRecord, prefsToWire, type Prefs } from '../../src/islands/subscribe/prefs';
import { addDays, isDue, localDay, matchesStory, selectStories, weekdayOf, windowStart, type DigestPreferences } from '../../src/server/subscribe/digest-rules';
import { COUNTRY_CONTINENT, knownTradeCodes, portOptions, TRADE_LABEL_CODES, tradeLabelOptions } from '../../src/server/subscribe/catalogue';
import { checkUnsubscribeToken, unsubscribeToken, unsubscribeUrl } from '../../src/server/subscribe/links';
import { codeMail, digestMail, displayName } from '../../src/server/subscribe/mails';
import { hashCode, randomCode } from '../../src/server/subscribe/codes';
import { loadConfig } from '../../src/server/config';

describe('subscription rules (shared by the island and the server)', () => {
  it('e-mail: required, the spec’s pattern', () => {
    expect(checkSubscribeEmail('')).toBe('subscribe.err.email');
    expect(checkSubscribeEmail('  ')).toBe('subscribe.err.email');
    for (const ok of ['li.wei@example.com', 'li_wei-2@mail.example.com.cn', 'A.B@EXAMPLE.COM']) expect(checkSubscribeEmail(ok), ok).toBeNull();
    for (const bad of ['li.wei@example', 'li+wei@example.com', 'li wei@example.com', 'li.wei@@example.com', 'li.wei@exa_mple.com', `${'a'.repeat(250)}@x.com`])
      expect(checkSubscribeEmail(bad), bad).toBe('subscribe.err.emailFormat');
  });

  it('e-mail code: required, exactly 6 digits; captcha: required, exactly 4 letters or digits', () => {
    expect(checkEmailCode('')).toBe('subscribe.err.emailCode');
    expect(checkEmailCode('12345')).toBe('subscribe.err.emailCodeFormat');
    expect(checkEmailCode('1234567')).toBe('subscribe.err.emailCodeFormat');
    expect(checkEmailCode('12345a')).toBe('subscribe.err.emailCodeFormat');
    expect(checkEmailCode(' 012345 ')).toBeNull();
    expect(checkCaptchaCode('')).toBe('subscribe.err.captcha');
    expect(checkCaptchaCode('abc')).toBe('subscribe.err.captchaFormat');
    expect(checkCaptchaCode('ab-c')).toBe('subscribe.err.captchaFormat');
    expect(checkCaptchaCode('汉字汉字')).toBe('subscribe.err.captchaFormat');
    expect(checkCaptchaCode('aB3d')).toBeNull();
  });

  it('subscriber: company, names, country required; province when the country has provinces; phone digits and hyphens', () => {
    const v = { email: 'a@b.cn', company: 'C', firstName: 'F', lastName: 'L', country: 'CN', province: '', city: '', phone: '', jobTitle: '' };
    expect(checkSubscriberField('province', v, true)).toBe('subscribe.err.province');
    expect(checkSubscriberField('province', v, false)).toBeNull();
    expect(checkSubscriberField('country', { ...v, country: '' })).toBe('subscribe.err.country');
    expect(checkSubscriberField('phone', { ...v, phone: '021-1234 5678' })).toBe('subscribe.err.phoneFormat');
    expect(checkSubscriberField('phone', { ...v, phone: '+8621' })).toBe('subscribe.err.phoneFormat');
    expect(checkSubscriberField('phone', { ...v, phone: '86-21-61234567' })).toBeNull();
    expect(checkSubscriberField('city', v)).toBeNull();
    expect(checkSubscriberField('company', { ...v, company: 'x'.repeat(201) })).toBe('subscribe.err.tooLong');
    expect(Object.keys(validateSubscription({}))).toEqual(['email', 'company', 'firstName', 'lastName', 'country', 'province', 'feqImportant', 'feqBusiness', 'feqPort', 'code', 'sign', 'emailCode']);
  });

  it('preference: one frequency, the day that fits it, trades and ports when subscribed', () => {
    const base = { feqImportant: '1', feqBusiness: '1', feqPort: '0', dayOfWeek: 'WED', labels: 'TP', portSubscribe: '', code: 'ABCD', sign: 's' };
    expect(validatePreference(base)).toEqual({});
    expect(validatePreference({ ...base, feqImportant: '0', feqBusiness: '0' })).toEqual({ feqImportant: 'subscribe.err.category' });
    expect(validatePreference({ ...base, feqBusiness: '2' })).toEqual({ feqImportant: 'subscribe.err.frequency' });
    expect(validatePreference({ ...base, feqImportant: '3', feqBusiness: '3' }).dayOfWeek).toBe('subscribe.err.dayOfWeek');
    expect(validatePreference({ ...base, feqImportant: '3', feqBusiness: '3', dayOfWeek: 'DAILY' })).toEqual({});
    expect(validatePreference({ ...base, dayOfWeek: 'DAILY' }).dayOfWeek).toBe('subscribe.err.dayOfWeek');
    expect(validatePreference({ ...base, labels: '' }).labels).toBe('subscribe.err.business');
    expect(validatePreference({ ...base, feqPort: '1' }).portSubscribe).toBe('subscribe.err.business');
    expect(validatePreference({ ...base, labels: 'tp' }).labels).toBe('subscribe.err.labels');
    expect(validatePreference({ ...base, feqPort: '1', portSubscribe: 'CNSHA;SHANGHAI' }).portSubscribe).toBe('subscribe.err.ports');
    expect(validatePreference({ ...base, feqImportant: 'x' }).feqImportant).toBe('subscribe.err.frequency');
  });

  it('lists are semicolon-joined on the wire, without repeats or blanks', () => {
    expect(splitList(' TP; AE;;TP ')).toEqual(['TP', 'AE']);
    expect(joinList(['TP', 'AE', 'TP'])).toBe('TP;AE');
    expect(splitList('')).toEqual([]);
  });

  it('lang: zh-CN, zh, cn and tc are Chinese; anything else that is a language code is English', () => {
    expect([languageOfLang('zh-CN'), languageOfLang('cn'), languageOfLang('tc'), languageOfLang('zh')]).toEqual([0, 0, 0, 0]);
    expect([languageOfLang('en-US'), languageOfLang('en'), languageOfLang('vi')]).toEqual([1, 1, 1]);
    expect([languageOfLang(''), languageOfLang(undefined), languageOfLang('<x>')]).toEqual([null, null, null]);
  });
});

describe('the preference form and the wire', () => {
  const all = { labels: ['TP', 'AE', 'EF'], ports: ['CNSHA', 'NLRTM'] };

  it('scope All means every label, every port and important news', () => {
    expect(prefsToWire({ ...DEFAULT_PREFS, scope: '1', important: false, business: false, frequency: 2, day: 'FRI' }, all)).toEqual({
      dayOfWeek: 'FRI',
      labels: 'TP;AE;EF',
      portSubscribe: 'CNSHA;NLRTM',
      feqImportant: '2',
      feqBusiness: '2',
      feqPort: '2',
    });
  });

  it('by category: important when chosen; business news carries the trades and ports chosen under it; daily is DAILY', () => {
    const p: Prefs = { scope: '0', important: false, business: true, labels: ['AE'], ports: [], frequency: 3, day: 'TUE' };
    expect(prefsToWire(p, all)).toEqual({ dayOfWeek: 'DAILY', labels: 'AE', portSubscribe: '', feqImportant: '0', feqBusiness: '3', feqPort: '0' });
    expect(prefsToWire({ ...p, business: false, important: true, labels: ['AE'], ports: ['CNSHA'] }, all)).toEqual({
      dayOfWeek: 'DAILY',
      labels: '',
      portSubscribe: '',
      feqImportant: '3',
      feqBusiness: '0',
      feqPort: '0',
    });
  });

  it('a stored subscription comes back as category selection, and goes out as it came', () => {
    const record = { dayOfWeek: 'THU', labels: 'TP;AE', portSubscribe: 'CNNGB', feqImportant: 1, feqBusiness: 1, feqPort: 1 };
    const p = prefsFromRecord(record);
    expect(p).toEqual({ scope: '0', important: true, business: true, labels: ['TP', 'AE'], ports: ['CNNGB'], frequency: 1, day: 'THU' });
    expect(prefsToWire(p, all)).toEqual({ dayOfWeek: 'THU', labels: 'TP;AE', portSubscribe: 'CNNGB', feqImportant: '1', feqBusiness: '1', feqPort: '1' });
    expect(prefsFromRecord({ ...record, dayOfWeek: 'DAILY', feqImportant: 3, feqBusiness: 0, feqPort: 3, labels: '' })).toMatchObject({ business: true, labels: [], ports: ['CNNGB'], frequency: 3 });
  });

  it('the form’s checks place each message', () => {
    const ok = { code: 'ABCD', sign: 's' };
    expect(checkPrefs(DEFAULT_PREFS, all, ok)).toEqual({});
    expect(checkPrefs({ ...DEFAULT_PREFS, scope: '0', important: false, business: false }, all, ok)).toEqual({ categories: 'subscribe.err.category' });
    expect(checkPrefs({ ...DEFAULT_PREFS, scope: '0', important: true, business: true }, all, ok)).toEqual({ business: 'subscribe.err.business' });
    expect(checkPrefs(DEFAULT_PREFS, all, { code: 'AB', sign: 's' })).toEqual({ code: 'subscribe.err.captchaFormat' });
    expect(checkPrefs(DEFAULT_PREFS, all, { code: 'ABCD', sign: '' })).toEqual({ code: 'subscribe.err.sign' });
  });
});

describe('digest rules', () => {
  const weekly: DigestPreferences = { dayOfWeek: 'THU', frequencyImportant: 1, frequencyBusiness: 1, frequencyPort: 0, tradeLabels: ['TP'], ports: [] };

  it('days in the digest time zone', () => {
    expect(localDay(new Date('2026-07-29T17:00:00Z'), 'Asia/Shanghai')).toBe('2026-07-30');
    expect(localDay(new Date('2026-07-29T17:00:00Z'), 'Europe/London')).toBe('2026-07-29');
    expect(weekdayOf('2026-07-30')).toBe('THU');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('daily every day; weekly on its weekday; every other week when 14 days have passed', () => {
    const daily = { ...weekly, dayOfWeek: 'DAILY', frequencyImportant: 3, frequencyBusiness: 3 };
    expect(['2026-07-27', '2026-07-28', '2026-08-02'].every((d) => isDue(daily, d, '2026-07-26'))).toBe(true);
    expect(isDue(weekly, '2026-07-30', null)).toBe(true);
    expect(isDue(weekly, '2026-07-31', null)).toBe(false);
    expect(isDue(weekly, '2026-08-06', '2026-07-30')).toBe(true);
    const fortnightly = { ...weekly, frequencyImportant: 2, frequencyBusiness: 2 };
    expect(isDue(fortnightly, '2026-07-30', null)).toBe(true);
    expect(isDue(fortnightly, '2026-08-06', '2026-07-30')).toBe(false);
    expect(isDue(fortnightly, '2026-08-13', '2026-07-30')).toBe(true);
    expect(isDue({ ...weekly, frequencyImportant: 0, frequencyBusiness: 0 }, '2026-07-30', null)).toBe(false);
  });

  it('the window reaches back to the last digest day (or the day of subscribing), at most 31 days', () => {
    expect(windowStart('2026-07-30', '2026-07-23', '2026-01-01')).toBe('2026-07-23');
    expect(windowStart('2026-07-30', null, '2026-07-01')).toBe('2026-07-01');
    expect(windowStart('2026-07-30', null, '2025-01-01')).toBe('2026-06-29');
  });

  it('stories match by importance, trade and port, only for what is subscribed; newest first, none twice', () => {
    const story = (uuid: string, statusDt: string, o: Partial<{ important: boolean; tradeCodes: string[]; portCodes: string[] }> = {}) => ({
      uuid,
      statusDt,
      important: false,
      tradeCodes: [],
      portCodes: [],
      ...o,
    });
    const stories = [
      story('a', '2026-07-20', { important: true }),
      story('b', '2026-07-22', { tradeCodes: ['TP', 'AE'] }),
      story('c', '2026-07-25', { tradeCodes: ['AE'], portCodes: ['CNNGB'] }),
      story('d', '2026-07-28', { portCodes: ['CNNGB'] }),
      story('e', '2026-06-30', { important: true }),
      story('f', '2026-07-31', { important: true }),
    ];
    expect(selectStories(weekly, stories, { from: '2026-07-01', to: '2026-07-30', exclude: new Set() }).map((s) => s.uuid)).toEqual(['b', 'a']);
    expect(selectStories(weekly, stories, { from: '2026-07-01', to: '2026-07-30', exclude: new Set(['b']) }).map((s) => s.uuid)).toEqual(['a']);
    const ports = { ...weekly, frequencyImportant: 0, frequencyBusiness: 0, frequencyPort: 1, ports: ['CNNGB'] };
    expect(selectStories(ports, stories, { from: '2026-07-01', to: '2026-07-30', exclude: new Set() }).map((s) => s.uuid)).toEqual(['d', 'c']);
    // labels stored but business news not subscribed: no match on them
    expect(matchesStory({ ...weekly, frequencyBusiness: 0 }, stories[1])).toBe(false);
  });
});

describe('what subscribers choose from', () => {
  it('every trade of the route page has a trade label code, and codes are unique', () => {
    const net = loadRouteNetwork();
    for (const d of net.directions) expect(TRADE_LABEL_CODES[d.id], `trade ${d.id}`).toMatch(/^[A-Z]{2,3}$/);
    expect(new Set(Object.values(TRADE_LABEL_CODES)).size).toBe(Object.keys(TRADE_LABEL_CODES).length);
    expect(tradeLabelOptions(1).reduce((n, l) => n + l.children.length, 0)).toBe(net.services.size);
  });

  it('every port’s country has a continent', () => {
    expect(portOptions()).toHaveLength(loadRouteNetwork().ports.size);
    for (const code of loadRouteNetwork().ports.keys()) expect(COUNTRY_CONTINENT[code.slice(0, 2)], code).toBeDefined();
  });

  it('news tags name known trades and ports, the same in both languages of a story', () => {
    const items = readNewsSnapshot();
    const trades = knownTradeCodes();
    const ports = new Set(loadRouteNetwork().ports.keys());
    const byStory = new Map<string, string>();
    let tagged = 0;
    for (const item of items) {
      for (const t of item.trades) expect(trades.has(t), `${item.newsUuid}: trade ${t}`).toBe(true);
      for (const p of item.ports) expect(ports.has(p), `${item.newsUuid}: port ${p}`).toBe(true);
      const tags = JSON.stringify([item.trades, item.ports]);
      if (byStory.has(item.newsUuid)) expect(tags, `${item.newsUuid}: tags differ between languages`).toBe(byStory.get(item.newsUuid));
      byStory.set(item.newsUuid, tags);
      if (item.trades.length || item.ports.length) tagged++;
    }
    expect(tagged).toBeGreaterThanOrEqual(60); // 30+ stories in two languages
  });
});

describe('codes, links and mails', () => {
  const config = loadConfig({ SITE_URL: 'https://www.example.test', PUBLIC_API_ORIGIN: 'https://api.example.test' });

  it('codes are 6 digits, hashed per address under the key', () => {
    for (let i = 0; i < 50; i++) expect(randomCode()).toMatch(/^\d{6}$/);
    expect(hashCode('k', 'A@B.CN', '123456')).toBe(hashCode('k', 'a@b.cn', '123456'));
    expect(hashCode('k', 'a@b.cn', '123456')).not.toBe(hashCode('k', 'c@b.cn', '123456'));
    expect(hashCode('k', 'a@b.cn', '123456')).not.toBe(hashCode('other', 'a@b.cn', '123456'));
  });

  it('the unsubscribe link is signed for that subscriber and address, on the API origin', () => {
    const token = unsubscribeToken('key', 'id-1', 'a@b.cn');
    expect(checkUnsubscribeToken('key', 'id-1', 'A@B.CN', token)).toBe(true);
    expect(checkUnsubscribeToken('key', 'id-2', 'a@b.cn', token)).toBe(false);
    expect(checkUnsubscribeToken('key', 'id-1', 'x@b.cn', token)).toBe(false);
    expect(checkUnsubscribeToken('other', 'id-1', 'a@b.cn', token)).toBe(false);
    expect(unsubscribeUrl(config.subscribe, 'key', { id: 'id-1', email: 'a@b.cn', language: 'zh-CN' })).toBe(`https://api.example.test/homeapiak/subscribe/unsubscribe?u=id-1&t=${token}&language=0`);
  });

  it('the code mail in both languages, text and HTML', () => {
    const en = codeMail({ to: 'a@b.cn', code: '042917', language: 1, minutes: 15 });
    expect(en.subject).toBe('Your verification code 042917 – Seabridge newsletter');
    expect(en.text).toMatch(/^\s+042917$/m);
    expect(en.text).toContain('valid for 15 minutes');
    expect(en.html).toContain('<html lang="en-US">');
    const zh = codeMail({ to: 'a@b.cn', code: '042917', language: 0, minutes: 15 });
    expect(zh.subject).toBe('您的验证码 042917 – 海桥集运新闻订阅');
    expect(zh.text).toContain('15分钟内有效');
  });

  it('the digest escapes what it shows, links every story and carries the one-click headers', () => {
    const mail = digestMail(config.subscribe, {
      to: 'a@b.cn',
      language: 1,
      name: { first: 'Ann', last: 'Lee' },
      period: '2026-07-30',
      frequency: 2,
      dayOfWeek: 'THU',
      items: [
        { uuid: 'n1', typeId: '50000000000000231', title: 'Rates <up> & "on"', summary: 'x', statusDt: '2026-07-29', important: true },
        { uuid: 'n2', typeId: '50000000000000234', title: 'New loop', summary: '', statusDt: '2026-07-28', important: false },
      ],
      unsubscribeUrl: 'https://api.example.test/homeapiak/subscribe/unsubscribe?u=1&t=2',
      messageId: '<digest-1-2026-07-30@example.test>',
    });
    expect(mail.html).toContain('Rates &lt;up&gt; &amp; &quot;on&quot;');
    expect(mail.html).not.toContain('<up>');
    expect(mail.text).toContain('https://www.example.test/en/home/News/detail/n1/50000000000000231?id=50000000000000231');
    expect(mail.text).toContain('every other week on Thursday');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<https://api.example.test/homeapiak/subscribe/unsubscribe?u=1&t=2>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.text.indexOf('IMPORTANT NOTICES')).toBeLessThan(mail.text.indexOf('New loop'));
  });

  it('names: “First Last” in English, 姓名 in Chinese', () => {
    expect(displayName(1, { first: 'Jing', last: 'Chen' })).toBe('Jing Chen');
    expect(displayName(0, { first: '静', last: '陈' })).toBe('陈静');
    expect(displayName(0, { first: 'Anna', last: 'Müller' })).toBe('Anna Müller');
  });
});
