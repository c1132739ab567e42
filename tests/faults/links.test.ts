import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calls } from '../../src/contract/calls';
import { FILE_LINK_PATHS } from '../../src/contract/file-links';
import { checkLinks } from '../../scripts/check-links.mjs';

/** No broken link in the built site, in either language: pages, files, anchors and API links (scripts/check-links.mjs). */
describe.runIf(existsSync('dist/client/en/home/index.html'))('links of the built site', () => {
  it('all resolve', () => {
    const result = checkLinks({ root: 'dist/client', apiPaths: [...Object.values(calls).map((c) => c.path), ...FILE_LINK_PATHS] });
    expect(result.pages).toBeGreaterThan(500);
    expect(result.checked).toBeGreaterThan(10_000);
    const report = result.broken.slice(0, 40).map(([page, ref, why]) => `${page}: ${ref} (${why})`);
    expect(report, `${result.broken.length} broken links`).toEqual([]);
  });
});
