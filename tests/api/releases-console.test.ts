import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, currentRelease, recordRelease, releaseName, releasePaths } from '../../src/releases/releases.mjs';
import { siteStates } from '../../src/releases/site-state';
import { stories } from '../../src/server/db/schema';
import { readAudit } from '../../src/staff/audit';
import { startStaff, type StaffHarness } from './staff-helpers';

/**
 * The releases in the console (src/server/staff/releases.ts): admins only (checked on the server), a
 * switch audited; and the newsroom's site state read from whichever release is served then
 * (src/releases/site-state.ts). Two releases of a static site made with the releases' own functions:
 * the older one has the page of a story the public API served before the newsroom (imported at the
 * staff app's start), the newer one has not.
 */
let h: StaffHarness;
const root = resolve(`var/test-releases-console-${process.pid}`);
const paths = releasePaths({ root });
let older: string;
let newer: string;
let imported: string;

beforeAll(async () => {
  h = await startStaff({ SITE_ROOT: root });
  const [story] = await h.database.db.select({ id: stories.id }).from(stories).where(eq(stories.createdBy, 'import')).orderBy(stories.id).limit(1);
  imported = story.id;
  older = releaseName(new Date(Date.now() - 60_000));
  newer = releaseName();
  for (const name of [older, newer]) {
    mkdirSync(join(paths.releasesDir, name), { recursive: true });
    writeFileSync(join(paths.releasesDir, name, 'index.html'), `<p>${name}</p>`);
  }
  for (const locale of ['en', 'zh']) mkdirSync(join(paths.releasesDir, older, `${locale}/home/News/detail/${imported}/1`), { recursive: true });
  recordRelease(paths, older, { kind: 'adopted' });
  recordRelease(paths, newer, { kind: 'nightly' });
  activate(paths, newer);
});
afterAll(async () => {
  await h?.close();
  rmSync(root, { recursive: true, force: true });
});

const siteOf = async (jar: Awaited<ReturnType<StaffHarness['member']>>, id: string) => (await h.call(`/news/stories/${id}`, { jar })).body.data.content.story.site;

describe('the releases in the console', () => {
  it('only an admin sees the releases and serves another; the switch is audited and the newsroom says so at once', async () => {
    const editor = await h.member('editor');
    expect((await h.call('/releases', { jar: editor })).status).toBe(403);
    expect((await h.call('/releases/use', { jar: editor, body: { name: older } })).status).toBe(403);
    expect(currentRelease(paths)).toBe(newer);

    // served: the newer release, without the imported story's page
    expect(await siteOf(editor, imported)).toEqual({ state: 'queued' });

    const admin = await h.member('admin');
    const listed = await h.call('/releases', { jar: admin });
    expect(listed.status).toBe(200);
    const releases = listed.body.data.content.releases as { name: string; served: boolean; madeBy: { kind: string }; adds: string[] }[];
    expect(releases.map((r) => [r.name, r.served, r.madeBy.kind])).toEqual([
      [older, false, 'adopted'],
      [newer, true, 'nightly'],
    ]);
    expect(releases[0].adds).toEqual([`en/${imported}`, `zh/${imported}`]);

    expect((await h.call('/releases/use', { jar: admin, body: { name: 'not-a-release' } })).status).toBe(400);
    expect((await h.call('/releases/use', { jar: admin, body: { name: '20200101T000000Z-1' } })).status).toBe(404);
    const used = await h.call('/releases/use', { jar: admin, body: { name: older } });
    expect(used.status).toBe(200);
    expect(used.body.data.content).toEqual({ from: newer, to: older });
    expect(currentRelease(paths)).toBe(older);
    expect(await siteOf(editor, imported)).toMatchObject({ state: 'live', release: older });
    const audit = (await readAudit(h.database.db, { action: 'release.used', page: 1, size: 10 })).rows;
    expect(audit.map((r) => [r.subject, r.detail])).toEqual([[older, `was ${newer}`]]);

    // and forward again
    expect((await h.call('/releases/use', { jar: admin, body: { name: newer } })).status).toBe(200);
    expect(await siteOf(editor, imported)).toEqual({ state: 'queued' });
  });
});

describe('before any release: the plain build of the quick start', () => {
  it('its pages say which stories it has: the imported story with a page is live since the build, the one without waits', async () => {
    const plain = resolve(`var/test-plain-build-${process.pid}`);
    const client = join(plain, 'dist/client');
    try {
      mkdirSync(client, { recursive: true });
      writeFileSync(join(client, 'index.html'), '<p>home</p>');
      const [one, other] = await h.database.db
        .select({ id: stories.id, status: stories.status, siteChangedAt: stories.siteChangedAt })
        .from(stories)
        .where(eq(stories.createdBy, 'import'))
        .orderBy(stories.id)
        .limit(2);
      for (const locale of ['en', 'zh']) mkdirSync(join(client, `${locale}/home/News/detail/${one.id}/1`), { recursive: true });
      const states = await siteStates(h.database.db, releasePaths({ root: plain }), [one, other]);
      expect(states.get(one.id)).toMatchObject({ state: 'live', release: '' });
      expect(states.get(other.id)).toEqual({ state: 'queued' });
      // nothing built at all: nothing is on the site
      rmSync(client, { recursive: true, force: true });
      expect((await siteStates(h.database.db, releasePaths({ root: plain }), [one])).get(one.id)).toEqual({ state: 'queued' });
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});
