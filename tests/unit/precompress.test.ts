import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptedEncodings } from '../../scripts/lib/static-twins.mjs';
import { MIN_BYTES, precompressFile, precompressFolder } from '../../src/build/precompress.mjs';

/** The build's .br and .gz twins (src/build/precompress.mjs), which nginx sends to clients that accept them. */
describe('precompressFolder', () => {
  const root = mkdtempSync(join(tmpdir(), 'precompress-'));
  const cache = mkdtempSync(join(tmpdir(), 'precompress-cache-'));
  afterAll(() => [root, cache].forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('writes both twins of every text file above 1 KB, decompressing to the file; nothing for small or binary files; removes orphaned twins', async () => {
    const page = `<!doctype html><title>x</title>${'<p>Shanghai to Rotterdam, weekly.</p>'.repeat(200)}`;
    mkdirSync(join(root, 'en/home'), { recursive: true });
    mkdirSync(join(root, '_astro'), { recursive: true });
    writeFileSync(join(root, 'en/home/index.html'), page);
    writeFileSync(join(root, '_astro/app.js'), 'export const a = 1;\n'.repeat(200));
    writeFileSync(join(root, 'small.css'), 'a{color:red}');
    writeFileSync(join(root, 'picture.png'), Buffer.alloc(5000, 7));
    // twins of a page the last build had and this one has not
    writeFileSync(join(root, 'en/home/gone.html.br'), 'stale');
    writeFileSync(join(root, 'en/home/gone.html.gz'), 'stale');
    expect(MIN_BYTES).toBe(1024);

    const totals = await precompressFolder(root, { concurrency: 2, cache });
    expect(totals.files).toBe(2);
    expect(totals.cached).toBe(0);
    expect(totals.removed).toBe(2);
    for (const file of ['en/home/index.html', '_astro/app.js']) {
      const original = readFileSync(join(root, file));
      expect(brotliDecompressSync(readFileSync(join(root, `${file}.br`))).equals(original), file).toBe(true);
      expect(gunzipSync(readFileSync(join(root, `${file}.gz`))).equals(original), file).toBe(true);
      expect(readFileSync(join(root, `${file}.br`)).length).toBeLessThan(original.length / 4);
    }
    for (const file of ['small.css.br', 'small.css.gz', 'picture.png.br', 'picture.png.gz', 'en/home/gone.html.br', 'en/home/gone.html.gz']) {
      expect(existsSync(join(root, file)), file).toBe(false);
    }

    // the next build: unchanged files' twins come from the cache, a changed page's are made anew
    const before = readFileSync(join(root, '_astro/app.js.br'));
    rmSync(join(root, '_astro/app.js.br'));
    writeFileSync(join(root, 'en/home/index.html'), page.replace('Rotterdam', 'Hamburg'));
    const again = await precompressFolder(root, { cache });
    expect([again.files, again.cached]).toEqual([2, 1]);
    expect(readFileSync(join(root, '_astro/app.js.br')).equals(before)).toBe(true);
    expect(brotliDecompressSync(readFileSync(join(root, 'en/home/index.html.br'))).toString()).toContain('Hamburg');
    expect(gunzipSync(readFileSync(join(root, 'en/home/index.html.gz'))).toString()).toContain('Hamburg');
  });

  it('removes cache entries unused for a week only when asked (a build), not for a patch’s few files', async () => {
    const stale = join(cache, 'f'.repeat(64));
    writeFileSync(`${stale}.br`, 'old');
    const weekAgo = new Date(Date.now() - 8 * 86_400_000);
    utimesSync(`${stale}.br`, weekAgo, weekAgo);
    await precompressFolder(root, { cache });
    expect(existsSync(`${stale}.br`)).toBe(true);
    await precompressFolder(root, { cache, prune: true });
    expect(existsSync(`${stale}.br`)).toBe(false);
    // the entries the build used stay
    expect(readdirSync(cache).length).toBeGreaterThan(0);
  });
});

/** One file's twins, for pages written outside Astro's build. */
describe('precompressFile', () => {
  const root = mkdtempSync(join(tmpdir(), 'precompress-file-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes both twins of a text file above 1 KB, replaces them when it changes, removes them when it no longer gets any; leaves no temporary file', async () => {
    const file = join(root, 'story.html');
    const page = `<!doctype html><title>x</title>${'<p>Ningbo to Hamburg, every Tuesday.</p>'.repeat(100)}`;
    writeFileSync(file, page);
    const first = await precompressFile(file, { cache: null });
    expect(first).toMatchObject({ bytes: page.length, cached: false });
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(page);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(page);
    expect(first?.br).toBe(readFileSync(`${file}.br`).length);

    writeFileSync(file, page.replace('Hamburg', 'Antwerp'));
    await precompressFile(file, { cache: null });
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toContain('Antwerp');

    // now small: the old twins would be stale, so they go
    writeFileSync(file, '<p>moved</p>');
    expect(await precompressFile(file, { cache: null })).toBeNull();
    expect([existsSync(`${file}.br`), existsSync(`${file}.gz`)]).toEqual([false, false]);
    // not a text file
    writeFileSync(join(root, 'photo.jpg'), Buffer.alloc(5000, 1));
    expect(await precompressFile(join(root, 'photo.jpg'), { cache: null })).toBeNull();
    expect(readdirSync(root).sort()).toEqual(['photo.jpg', 'story.html']);
  });
});

/** What npm start sends to whom (scripts/lib/static-twins.mjs; tests/faults/static-twins.test.ts serves them). */
describe('acceptedEncodings', () => {
  it('br before gzip, a q of 0 refuses one, * stands for those not named', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(['gzip']);
    expect(acceptedEncodings('BR; q=0.1')).toEqual(['br']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*, gzip;q=0')).toEqual(['br']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings('')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});
