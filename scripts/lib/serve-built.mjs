// The built site and API (scripts/start.mjs) in a child process on a free loopback
// port with a throw-away embedded database (in a test run, a copy of its template), for the benches.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { databaseFromTemplate } from './database-template.mjs';

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** @param {Record<string, string>} env extra environment of the server */
export async function startSite(env = {}) {
  const port = await freePort();
  const dataDir = `var/bench-site-${process.pid}-${port}`;
  const base = `http://127.0.0.1:${port}`;
  // in a test run, a copy of its migrated and seeded database (scripts/lib/database-template.mjs)
  if (!env.DATABASE_URL && !env.NEWS_SNAPSHOT_DIR) databaseFromTemplate(dataDir);
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    // no demonstration tracking feed unless asked (its first catch-up would load the measured server)
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', WORKER: 'off', TNT_DEMO: 'off', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    server.kill();
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/ready`)).ok) break; // ready: warmed up (src/observability/warm-up.mjs)
      } catch {}
      if (i > 960) throw new Error('the server did not get ready in 4 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}
