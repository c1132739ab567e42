import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageCacheKey, siteFrameKey } from '../../src/build/cache-keys';

/** The incremental build's keys (src/build/cache-keys.ts): a page is copied from the last build only while everything it shows is the same. */
const roots: string[] = [];
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cache-keys-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('cache keys', () => {
  const story = { newsUuid: 'n2026-1126-ab12', title: 'Typhoon: Yantian gate closed', body: '<p>Closed.</p>' };

  it('the same story and neighbours give the same key; any change of them another', () => {
    expect(pageCacheKey(story, ['n1', 'Prev'], null)).toBe(pageCacheKey({ ...story }, ['n1', 'Prev'], null));
    expect(pageCacheKey({ ...story, body: '<p>Open again.</p>' }, ['n1', 'Prev'], null)).not.toBe(pageCacheKey(story, ['n1', 'Prev'], null));
    expect(pageCacheKey(story, ['n1', 'Prev (renamed)'], null)).not.toBe(pageCacheKey(story, ['n1', 'Prev'], null));
  });

  it('the frame is every content file but the news: a story does not move it, a navigation label does', () => {
    const files = { 'content/news/en/a.json': '{"title":"A"}', 'content/site/nav.json': '{"label":"Services"}' };
    const base = siteFrameKey(project(files));
    expect(siteFrameKey(project({ ...files, 'content/news/en/a.json': '{"title":"A changed"}', 'content/news/zh/b.json': '{}' }))).toBe(base);
    expect(siteFrameKey(project({ ...files, 'content/site/nav.json': '{"label":"Our services"}' }))).not.toBe(base);
  });
});
