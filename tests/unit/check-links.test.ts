import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../scripts/check-links.mjs';

describe('the link checker', () => {
  it('finds missing pages, files, anchors and API calls, and passes good links', () => {
    const root = mkdtempSync(join(tmpdir(), 'links-'));
    mkdirSync(join(root, 'en/home'), { recursive: true });
    mkdirSync(join(root, 'files'), { recursive: true });
    writeFileSync(join(root, 'files/a.pdf'), '%PDF');
    writeFileSync(join(root, 'en/home/index.html'), '<h2 id="top">x</h2><a href="/en/about">about</a>');
    writeFileSync(
      join(root, 'index.html'),
      [
        '<a href="/en/home">ok</a>',
        '<a href="/en/home#top">ok anchor</a>',
        '<a href="/en/home#nowhere">bad anchor</a>',
        '<img src="/files/a.pdf">',
        '<a href="files/missing.pdf">bad file</a>',
        '<a href="https://example.com/x">external</a>',
        '<a href="/homeapiak/ship/download?shipUuid=1">api ok</a>',
        '<a href="/homeapiak/nope">bad api</a>',
        '<a href="mailto:a@b.c">mail</a>',
      ].join('\n'),
    );
    const result = checkLinks({ root, apiPaths: ['/ship/download'] });
    expect(result.broken.map(([page, ref]) => `${page} ${ref}`).sort()).toEqual(['/ /en/home#nowhere', '/ /homeapiak/nope', '/ files/missing.pdf', '/en/home/ /en/about']);
    expect(result.external).toEqual(['example.com']);
  });
});
