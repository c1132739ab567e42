import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import positionsJson from '../../content/recruiting/positions.json';
import { parseContent } from '../../src/shared/parse-content';
import { Positions, PositionsFile, publishedPositions, templatePath } from '../../src/content-model/schemas/recruiting';
import { notFoundTarget } from '../../src/browser/not-found-redirect';
import { splitFieldMessage, fill } from '../../src/islands/shared/text';

describe('recruiting content', () => {
  const positions = parseContent('content/recruiting/positions.json', PositionsFile, positionsJson).positions;

  it('has at least six published positions, in both languages, and one unpublished', () => {
    expect(publishedPositions(positions).length).toBeGreaterThanOrEqual(6);
    expect(positions.filter((p) => !p.published).length).toBeGreaterThanOrEqual(1);
  });

  it('has a résumé template for each published position and none for an unpublished one', () => {
    for (const p of positions) expect(existsSync(`public${templatePath(p.id)}`), `${p.id} (node src/build/derived/generators/make-resume-templates.ts)`).toBe(p.published);
  });

  it('refuses a bad position, naming the field', () => {
    const bad = [{ ...positions[0], id: 'Bad Id', deadline: '2000-01-01' }];
    expect(() => parseContent('positions.json', Positions, bad)).toThrow(/0\.id: must be lower-case[\s\S]*deadline/);
    expect(() => parseContent('positions.json', Positions, [positions[0], positions[0]])).toThrow(/duplicate id/);
  });
});

describe('unknown jobs', () => {
  it('go to /error/notFound in the language of the path, else the stored one', () => {
    expect(notFoundTarget('/zh/home/Recruiting/detail/recruitDetail/nope', null)).toBe('/zh/error/notFound');
    expect(notFoundTarget('/home/Recruiting/detail/recruitDetail/nope', 'zh-CN')).toBe('/zh/error/notFound');
    expect(notFoundTarget('/home/Recruiting/detail/recruitDetail/nope', null)).toBe('/en/error/notFound');
    expect(notFoundTarget('/en/home/About/nothing', null)).toBeNull();
  });
});

describe('island text helpers', () => {
  it('fill placeholders and split a server message naming its field', () => {
    expect(fill('at most {{max}}', { max: '10 MB' })).toBe('at most 10 MB');
    expect(splitFieldMessage('code: wrong', ['code'])).toEqual({ field: 'code', text: 'wrong' });
    expect(splitFieldMessage('email: a; code: b', ['email', 'code']).field).toBeNull();
    expect(splitFieldMessage('Too many requests', ['code'])).toEqual({ field: null, text: 'Too many requests' });
  });
});
