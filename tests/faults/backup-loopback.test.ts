import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readArchive } from '../../src/backup/archive';
import { TOKEN_FILE, TOKEN_HEADER } from '../../src/backup/loopback';
import { startServer, stopServer } from './support';

/**
 * `npm run backup` on the embedded database while `npm start` runs (src/backup/loopback.ts): the
 * PGlite folder is the server's, so the command asks the running server over loopback with the token
 * the server wrote to DATA_DIR. Without the token, with another one, or through a proxy the call is
 * refused; the command's archive holds the server's rows, and restores into a fresh folder.
 */

const built = existsSync('dist/server/entry.mjs');
const dataDir = mkdtempSync(join(tmpdir(), 'backup-loopback-'));
const restored = mkdtempSync(join(tmpdir(), 'backup-restored-'));
let server: Awaited<ReturnType<typeof startServer>> | undefined;

afterAll(async () => {
  if (server) await stopServer(server.process);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(restored, { recursive: true, force: true });
});

describe.skipIf(!built)('a backup of the embedded database taken by the running server', () => {
  it('is refused without the token, with another one and through a proxy; the command gets it, and it restores', async () => {
    server = await startServer({ DATA_DIR: dataDir });
    const token = readFileSync(join(dataDir, TOKEN_FILE), 'utf8').trim();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const ask = (headers: Record<string, string>) => fetch(`${server!.base}/backup`, { method: 'POST', headers });
    expect((await ask({})).status).toBe(403);
    expect((await ask({ [TOKEN_HEADER]: 'f'.repeat(64) })).status).toBe(403);
    // through a proxy (nginx adds X-Forwarded-For): refused even with the token
    expect((await ask({ [TOKEN_HEADER]: token, 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);

    const port = new URL(server.base).port;
    const out = join(restored, 'site.zip');
    const env = { ...process.env, DATA_DIR: dataDir, PORT: port, LOG_LEVEL: 'error' };
    const backup = spawnSync('node_modules/.bin/node', ['scripts/backup.mjs', '--out', out], { env, encoding: 'utf8' });
    expect(backup.status, backup.stderr).toBe(0);
    const { manifest, entries } = readArchive(new Uint8Array(readFileSync(out)));
    expect(manifest.database.kind).toBe('pglite');
    // the seeded site: its news and offices are rows of the archive, as many as the manifest says
    const news = manifest.tables.find((t) => t.name === 'news_items');
    expect(news?.rows).toBeGreaterThan(0);
    expect(new TextDecoder().decode(entries[news!.file]).trim().split('\n')).toHaveLength(news!.rows);

    // into a fresh folder, while the server still runs on its own
    const target = join(restored, 'data');
    const restore = spawnSync('node_modules/.bin/node', ['scripts/restore.mjs', out, '--into', target], { env: { ...process.env, LOG_LEVEL: 'error' }, encoding: 'utf8' });
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/news_items/);
  }, 420_000);
});
