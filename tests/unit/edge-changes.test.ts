import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffFolders, pathsOf, releaseChanges } from '../../src/edge/changes';
import { writePatchRecord } from '../../src/releases/spares';

/** What a switch of the served release must purge (src/edge/changes.ts), on release folders made here. */

const dir = mkdtempSync(join(tmpdir(), 'edge-changes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const put = (release: string, file: string, text: string) => {
  mkdirSync(join(dir, release, 'client', file, '..'), { recursive: true });
  writeFileSync(join(dir, release, 'client', file), text);
};

describe('the paths of the files that changed', () => {
  it('pages by their folder with and without the slash, .html files with and without it, twins as their file, encoded as browsers send them', () => {
    expect(pathsOf(['index.html', 'index.html.br', 'en/home/News/index.html.gz', 'zh/home/新闻/index.html', '404.html', 'rss.xml', 'pagefind/fragment/x.pf_fragment'])).toEqual(
      ['/', '/404', '/404.html', '/en/home/News', '/en/home/News/', '/pagefind/fragment/x.pf_fragment', '/rss.xml', '/zh/home/%E6%96%B0%E9%97%BB', '/zh/home/%E6%96%B0%E9%97%BB/'].sort(),
    );
  });

  it('a full build: the files whose bytes differ, and those added or removed; hard links and equal bytes are the same file', () => {
    put('a', 'same/index.html', 'x');
    put('a', 'changed/index.html', 'old');
    put('a', 'gone.xml', 'g');
    put('b', 'same/index.html', 'x');
    put('b', 'changed/index.html', 'new');
    put('b', 'added/index.html', 'n');
    expect(diffFolders(join(dir, 'a/client'), join(dir, 'b/client')).sort()).toEqual(['added/index.html', 'changed/index.html', 'gone.xml']);
    expect(releaseChanges(dir, 'a', 'b')).toMatchObject({ by: 'diff', paths: ['/added', '/added/', '/changed', '/changed/', '/gone.xml'] });
  });

  it('a publish: the patch’s own record, forwards and back (a rollback), without reading the files', () => {
    expect(spawnSync('cp', ['-al', join(dir, 'b'), join(dir, 'c')]).status).toBe(0);
    put('c', 'news/index.html', 'story');
    writePatchRecord(join(dir, 'c'), { base: 'b', files: ['client/news/index.html', 'client/news/index.html.br'], folders: [] });
    expect(releaseChanges(dir, 'b', 'c')).toMatchObject({ by: 'patches', paths: ['/news', '/news/'] });
    expect(releaseChanges(dir, 'c', 'b')).toMatchObject({ by: 'patches', paths: ['/news', '/news/'] });
    expect(releaseChanges(dir, 'c', 'c').paths).toEqual([]);
  });
});
