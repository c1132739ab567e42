import { describe, expect, it } from 'vitest';
import { en, zh, parts } from '../../src/i18n/dict';
import { localeFromBrowser, localeFromTag } from '../../src/i18n/locales';
import { alternates, localePath, resolveHref, splitLocale, swapLocale } from '../../src/i18n/paths';
import { useTranslations } from '../../src/i18n/t';

describe('dictionaries', () => {
  it('have the same keys in both languages, none empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)]) expect(value.trim(), key).not.toBe('');
  });

  it('never define a key in two files', () => {
    for (const files of [parts.en, parts.zh]) {
      const seen = new Set<string>();
      for (const file of files)
        for (const key of Object.keys(file)) {
          expect(seen.has(key), `${key} is defined twice`).toBe(false);
          seen.add(key);
        }
    }
  });

  it('use the same interpolation variables in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(vars(zh[key]), key).toEqual(vars(en[key]));
  });

  it('translate with interpolation', () => {
    expect(useTranslations('en')('about.keyFactsYear', { year: 2024 })).toBe('Key facts 2024');
    expect(useTranslations('zh')('about.keyFactsYear', { year: 2024 })).toBe('2024年关键数据');
  });
});

describe('localised paths', () => {
  it('prefix spec paths and treat / as /home', () => {
    expect(localePath('zh', '/')).toBe('/zh/home');
    expect(localePath('en', '/home/About/about/Profile')).toBe('/en/home/About/about/Profile');
    expect(localePath('en', '/home/item/?language=zh-CN#cookies')).toBe('/en/home/item?language=zh-CN#cookies');
  });

  it('split and swap the locale, keeping query and hash', () => {
    expect(splitLocale('/zh/home/About/history')).toEqual({ locale: 'zh', specPath: '/home/About/history' });
    expect(splitLocale('/home')).toEqual({ locale: null, specPath: '/home' });
    expect(splitLocale('/english/home')).toEqual({ locale: null, specPath: '/english/home' });
    expect(swapLocale('/en/home/About/history?x=1#y', 'zh')).toBe('/zh/home/About/history?x=1#y');
    expect(swapLocale('/zh', 'en')).toBe('/en/home');
  });

  it('give hreflang alternates with x-default', () => {
    expect(alternates('/home', 'https://s.example')).toEqual([
      { hreflang: 'en-US', href: 'https://s.example/en/home' },
      { hreflang: 'zh-CN', href: 'https://s.example/zh/home' },
      { hreflang: 'x-default', href: 'https://s.example/en/home' },
    ]);
  });

  it('leave external links and files alone', () => {
    expect(resolveHref('zh', 'https://eb.example.com/')).toBe('https://eb.example.com/');
    expect(resolveHref('zh', '/files/reports/a.pdf')).toBe('/files/reports/a.pdf');
    expect(resolveHref('zh', 'mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(resolveHref('zh', '/home/Services/ship/0')).toBe('/zh/home/Services/ship/0');
  });
});

describe('language choice', () => {
  it('maps stored tags, and nothing else', () => {
    expect(localeFromTag('zh-CN')).toBe('zh');
    expect(localeFromTag('en-US')).toBe('en');
    expect(localeFromTag('fr-FR')).toBeNull();
    expect(localeFromTag('')).toBeNull();
  });

  it('takes the first browser language that is one of the two', () => {
    expect(localeFromBrowser(['fr-FR', 'zh-TW', 'en'])).toBe('zh');
    expect(localeFromBrowser(['de', 'EN-gb'])).toBe('en');
    expect(localeFromBrowser(['fr', 'de'])).toBeNull();
  });
});
