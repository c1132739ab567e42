#!/usr/bin/env node
// The smoke suite through nginx (npm test's step "through nginx"): the reference deployment of the
// README's "Deploying" started on this machine (scripts/lib/nginx-stack.mjs: nginx from
// deploy/nginx/ before two API processes on a fresh PostgreSQL database), then the Playwright
// specs of tests/nginx/ against it. Needs a build (npm run build), nginx, PostgreSQL and Chromium;
// outside CI a missing nginx or PostgreSQL skips the suite (exit code 77), under CI it fails.
//
//   npm run test:nginx                 run the suite
//   npm run test:nginx -- --serve      start the stack and keep it up (Ctrl-C stops it)
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { UNLIMITED_RATE_ENV } from '../src/server/forms/config.ts';
import { findNginx, findVarnishd, POSTGRES_URL, postgresReachable, startNginxStack } from './lib/nginx-stack.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const serve = process.argv.includes('--serve');

const missing = [!findNginx() && 'nginx (apt-get install nginx libnginx-mod-http-brotli-static)', !(await postgresReachable()) && `PostgreSQL at ${POSTGRES_URL}`].filter(Boolean);
if (missing.length) {
  const message = `no ${missing.join(' and no ')}`;
  if (ci) {
    console.error(`through nginx: ${message}: required under CI.`);
    process.exit(1);
  }
  console.warn(`through nginx: skipped, ${message}.`);
  process.exit(77);
}

// the API processes are set up as the end-to-end server is (playwright.config.ts): every captcha's answer
// is E2E_CAPTCHA_ANSWER (refused in production), limits out of reach, the smart service in TEST-NET-3 only
const env = { CAPTCHA_TEST_ANSWER: 'E2E7', ...UNLIMITED_RATE_ENV, ASSISTANT_NETWORKS: '203.0.113.0/24' };
// Varnish before nginx (deploy/varnish/) where it is installed: under CI it must be (.ci/run installs it)
const edge = Boolean(findVarnishd());
if (!edge) {
  if (ci) {
    console.error('through nginx: no varnishd (apt-get install varnish): required under CI.');
    process.exit(1);
  }
  console.warn('through nginx: no varnishd, the edge tests are skipped (apt-get install varnish).');
}
// with the edge, a copy of the project served from its releases and the worker beside the API
// processes: a publish, a rollback and the edge down are tested end to end (tests/nginx/edge-release.spec.ts);
// the console's origin is the edge's, as visitors and staff reach the site through it
const stack = await startNginxStack({ env, requireBrotli: ci, edge, site: edge, staffOriginAtEdge: edge });
// the edge stopped and started again on its port by the tests (the edge down): loopback only, this run only
const control = stack.edge ? await edgeControl(stack.edge) : null;
console.log(`through nginx: ${stack.edge ? `${stack.edge.base} (varnish) -> ` : ''}${stack.base} -> ${stack.upstreams.map((u) => u.base).join(', ')} (configuration ${stack.conf})`);
let stopping = false;
const stop = async (code) => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(130));

if (serve) {
  console.log('through nginx: serving until Ctrl-C');
} else {
  const child = spawn('node_modules/.bin/playwright', ['test', '--config', 'tests/nginx/playwright.config.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      NGINX_BASE_URL: stack.base,
      NGINX_UPSTREAMS: stack.upstreams.map((u) => u.base).join(','),
      NGINX_UPSTREAM_PIDS: stack.upstreams.map((u) => u.process.pid).join(','),
      NGINX_CONF: stack.conf,
      ...(stack.edge ? { EDGE_BASE_URL: stack.edge.base, EDGE_CONTROL_URL: control.url } : {}),
      ...(stack.siteDir ? { SITE_ROOT: stack.siteDir, STACK_DATABASE_URL: stack.databaseUrl, STACK_DATA_DIR: stack.dataDir } : {}),
    },
  });
  const code = await new Promise((r) => child.once('exit', (c) => r(c ?? 1)));
  if (code !== 0) console.error(stack.output().split('\n').slice(-60).join('\n'));
  control?.server.close();
  await stop(code);
}

/** POST /stop and POST /start: Varnish stopped, or started again on the same port (an empty cache, as after a restart). */
async function edgeControl(edgeServer) {
  const server = createServer(async (req, res) => {
    try {
      if (req.method !== 'POST' || !['/stop', '/start'].includes(req.url)) return void res.writeHead(404).end();
      await (req.url === '/stop' ? edgeServer.stop() : edgeServer.start());
      res.writeHead(204).end();
    } catch (error) {
      res.writeHead(500).end(String(error?.message ?? error));
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}
