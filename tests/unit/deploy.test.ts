import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { BROTLI_MODULE, HSTS, renderNginxConf } from '../../deploy/nginx/render.mjs';
import { VARNISH_PARAMS } from '../../deploy/varnish/render.mjs';
import { BROWSER_STATIC_CACHE, EDGE_STATIC_HEADERS, IMMUTABLE_CACHE } from '../../scripts/lib/cache-policy.mjs';
import { SERVER_KEEP_ALIVE_MS } from '../../scripts/lib/keep-alive.mjs';
import { securityHeaders } from '../../scripts/lib/security-headers.mjs';
import { freePort } from '../../scripts/lib/serve-built.mjs';

/**
 * The reference deployment's files (deploy/, README "Deploying"), checked by the tools that run
 * them: nginx's configuration rendered from the template carries security-headers.mjs's headers and
 * passes `nginx -t`; the systemd units pass `systemd-analyze verify`; the Dockerfile and compose.yaml
 * are built only where a Docker daemon answers; without one, compose's edge is checked by running what
 * its image runs at start (the VCL rendered from the files the image holds, compiled by `varnishd -C`).
 * Outside CI a missing nginx, varnishd or systemd-analyze skips its check; under CI (which installs
 * them: .ci/run) it fails. The same configuration serving the
 * built site is tested through a browser by the smoke suite (tests/nginx/, scripts/nginx-smoke.mjs).
 */

const root = resolve(import.meta.dirname, '../..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const has = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const nginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const varnishd = ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'].find((p) => existsSync(p));
const systemdAnalyze = has('systemd-analyze', ['--version']);
const dockerDaemon = has('docker', ['info']);
const temporary: string[] = [];
afterAll(() => temporary.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
};

describe('nginx configuration (deploy/nginx/)', () => {
  const render = (stateDir = '/tmp/nginx-state') =>
    renderNginxConf({ root: join(root, 'dist/client'), listen: '127.0.0.1:8080', upstreams: ['127.0.0.1:4001', '127.0.0.1:4002'], stateDir, brotli: false });

  it('writes the security headers of scripts/lib/security-headers.mjs into every static location, and HSTS', () => {
    const conf = render();
    const blocks = conf.split(/\n\s*location /).slice(1);
    const block = (start: string) => blocks.find((b) => b.startsWith(start))!;
    for (const [start, pathname] of [
      ['/ {', '/en/home/'],
      ['^~ /_astro/', '/_astro/x.js'],
      ['^~ /files/news/', '/files/news/x.webp'],
      ['~ "(?i)(^|/)customDefine(/|$)"', '/shanghai/cn/customDefine/'],
      ['@carrier_embeddable_404', '/shanghai/cn/customDefine/none'],
    ]) {
      const lines = block(start)
        .split('\n')
        .filter((l) => l.trim().startsWith('add_header'))
        .map((l) => l.trim());
      const expected = Object.entries(securityHeaders(pathname)).map(([name, value]) => `add_header ${name} "${value}" always;`);
      // exactly these, HSTS and the cache lifetimes: nothing more, nothing less
      expect(
        lines.filter((l) => !/^add_header (strict-transport-security|Cache-Control|Surrogate-Control|CDN-Cache-Control) /.test(l)),
        start,
      ).toEqual(expected);
      // the browser's lifetime and the edge's, from scripts/lib/cache-policy.mjs: hashed files immutable, the others a minute in browsers and a day at the edge
      const lifetimes = lines.filter((l) => /^add_header (Cache-Control|Surrogate-Control|CDN-Cache-Control) /.test(l));
      const hashed = start.includes('/_astro/') || start.includes('/files/news/');
      expect(lifetimes, start).toEqual(
        hashed
          ? [`add_header Cache-Control "${IMMUTABLE_CACHE}" always;`]
          : [`add_header Cache-Control "${BROWSER_STATIC_CACHE}" always;`, ...Object.entries(EDGE_STATIC_HEADERS).map(([n, v]) => `add_header ${n} "${v}" always;`)],
      );
      expect(lines, start).toContain('add_header strict-transport-security $carrier_hsts always;');
    }
    expect(conf).toContain(`"" "${HSTS}";`);
    expect(conf).toContain('least_conn;');
    expect(conf).toContain('proxy_next_upstream error timeout http_502 http_503;');
    expect(conf).not.toMatch(/non_idempotent|proxy_cache /);
    // nginx lets an idle upstream connection go before the API server does (scripts/lib/keep-alive.mjs)
    const upstreamIdle = Number(/upstream carrier_api \{[^}]*keepalive_timeout (\d+)s;/.exec(conf)?.[1]);
    expect(upstreamIdle * 1000).toBeLessThan(SERVER_KEEP_ALIVE_MS);
    expect(conf).not.toMatch(/\{\{\w+\}\}/);
    // the staff console, the tracking results page and the API go to the API processes
    expect(conf).toContain('location ~ "^/(en|zh)/staff(/|$)"');
    expect(conf).toContain('location ~ "^/(en|zh)/home/Track/result/?$"');
    expect(conf).toContain('location ^~ /homeapiak/');
    expect(conf).toContain('location ^~ /dcsa/');
  });

  it.skipIf(!nginx && !ci)('passes nginx -t, with the brotli module where it is installed (outside CI: skipped without nginx)', () => {
    expect(nginx, 'nginx is required under CI (apt-get install nginx)').toBeTruthy();
    if (ci) expect(existsSync(BROTLI_MODULE), `${BROTLI_MODULE} is required under CI`).toBe(true);
    const state = tempDir('nginx-conf-');
    const file = join(state, 'nginx.conf');
    const conf = renderNginxConf({ root: join(root, 'dist/client'), listen: '127.0.0.1:8080', upstreams: ['127.0.0.1:4001', '127.0.0.1:4002'], stateDir: state, brotli: 'auto' });
    writeFileSync(file, conf);
    const result = spawnSync(nginx!, ['-t', '-p', state, '-e', join(state, 'error.log'), '-c', file], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('syntax is ok');
    if (existsSync(BROTLI_MODULE)) expect(conf).toContain('brotli_static on;');
  });

  it.skipIf(!nginx && !ci)('serves the release the link points at, switched without a reload, as the nightly job switches it (outside CI: skipped without nginx)', async () => {
    const dir = tempDir('nginx-release-');
    for (const release of ['r1', 'r2']) {
      mkdirSync(join(dir, release));
      writeFileSync(join(dir, release, 'index.html'), `<!doctype html><title>${release}</title>`);
      writeFileSync(join(dir, release, '404.html'), '<!doctype html><title>not found</title>');
    }
    symlinkSync(join(dir, 'r1'), join(dir, 'client'));
    const port = await freePort();
    const state = join(dir, 'state');
    mkdirSync(state);
    const file = join(dir, 'nginx.conf');
    writeFileSync(
      file,
      renderNginxConf({
        root: join(dir, 'client'),
        listen: `127.0.0.1:${port}`,
        upstreams: ['127.0.0.1:9'],
        stateDir: state,
        workerProcesses: 1,
        user: process.getuid?.() === 0 ? userInfo().username : undefined,
      }),
    );
    const server = spawn(nginx!, ['-p', state, '-e', join(state, 'error.log'), '-c', file], { stdio: 'ignore' });
    try {
      const title = async () => {
        try {
          return /<title>(\w+)/.exec(await (await fetch(`http://127.0.0.1:${port}/`)).text())?.[1];
        } catch {
          return undefined;
        }
      };
      await expect.poll(title, { timeout: 20_000 }).toBe('r1');
      // the switch src/releases/releases.mjs makes: a new link renamed over the old one
      symlinkSync(join(dir, 'r2'), join(dir, 'client.next'));
      renameSync(join(dir, 'client.next'), join(dir, 'client'));
      expect(await title()).toBe('r2');
    } finally {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGQUIT');
      await exited;
    }
  });
});

describe('systemd units (deploy/systemd/)', () => {
  const folder = join(root, 'deploy/systemd');
  const units = readdirSync(folder).filter((f) => /\.(service|timer)$/.test(f));

  it('has the API template, nginx, Varnish, the worker, and a timer with its service for the nightly job and the digests', () => {
    expect(units.sort()).toEqual([
      'carrier-api@.service',
      'carrier-digests.service',
      'carrier-digests.timer',
      'carrier-nginx.service',
      'carrier-nightly.service',
      'carrier-nightly.timer',
      'carrier-varnish.service',
      'carrier-worker.service',
    ]);
    const text = (f: string) => readFileSync(join(folder, f), 'utf8');
    expect(text('carrier-api@.service')).toMatch(/^Environment=PORT=%i /m);
    expect(text('carrier-nightly.timer')).toMatch(/^OnCalendar=\*-\*-\* 02:30:00 Asia\/Shanghai$/m);
    expect(text('carrier-digests.timer')).toMatch(/^OnCalendar=\*-\*-\* 08:30:00 Asia\/Shanghai$/m);
    expect(text('carrier-nginx.service')).toMatch(/^ExecStart=\/usr\/sbin\/nginx -p \S+ -e stderr -c \/etc\/carrier-site\/nginx\.conf$/m);
    // Varnish from deploy/varnish/'s VCL, with the parameters it expects (nginx's own .br and .gz twins)
    expect(text('carrier-varnish.service')).toMatch(
      new RegExp(`^ExecStart=/usr/sbin/varnishd -F -j unix,user=vcache -n \\S+ -a \\S+ -f /etc/carrier-site/default\\.vcl ${VARNISH_PARAMS.join(' ')} -s malloc,\\w+$`, 'm'),
    );
    // each service of the project runs a script of this project
    for (const unit of units.filter((u) => u.endsWith('.service') && !['carrier-nginx.service', 'carrier-varnish.service'].includes(u))) {
      const [, script] = /^ExecStart=\/srv\/carrier-site\/node_modules\/\.bin\/node (scripts\/\S+)$/m.exec(text(unit)) ?? [];
      expect(script && existsSync(join(root, script)), `${unit}: ${script}`).toBe(true);
    }
  });

  // verify checks that the programs of Exec*= exist: the units are verified in a root folder holding
  // them, systemd's own units (sysinit.target, ...) and a stand-in executable for each program
  it.skipIf(!systemdAnalyze && !ci)('pass systemd-analyze verify, with no warning (outside CI: skipped without systemd-analyze)', () => {
    expect(systemdAnalyze, 'systemd-analyze is required under CI (apt-get install systemd)').toBe(true);
    const image = tempDir('systemd-root-');
    mkdirSync(join(image, 'etc/systemd/system'), { recursive: true });
    for (const unit of units) cpSync(join(folder, unit), join(image, 'etc/systemd/system', unit));
    cpSync('/usr/lib/systemd/system', join(image, 'usr/lib/systemd/system'), { recursive: true, dereference: false });
    const programs = new Set(units.flatMap((u) => [...readFileSync(join(folder, u), 'utf8').matchAll(/^Exec\w+=[-@:+!]*(\/\S+)/gm)].map((m) => m[1])));
    expect([...programs].sort()).toEqual(['/srv/carrier-site/node_modules/.bin/node', '/usr/bin/mkdir', '/usr/sbin/nginx', '/usr/sbin/varnishd']);
    for (const program of programs) {
      const file = join(image, program);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, '#!/bin/sh\n');
      chmodSync(file, 0o755);
    }
    const names = units.map((u) => u.replace('@.service', '@4001.service'));
    const result = spawnSync('systemd-analyze', ['verify', '--man=no', `--root=${image}`, ...names], { encoding: 'utf8' });
    expect(result.stderr.trim(), 'systemd-analyze verify said something').toBe('');
    expect(result.status).toBe(0);
    // and a broken unit is refused: the check can fail
    writeFileSync(join(image, 'etc/systemd/system/carrier-nightly.timer'), '[Timer]\nOnCalendar=*-*-* 25:30:00\n');
    expect(spawnSync('systemd-analyze', ['verify', '--man=no', `--root=${image}`, 'carrier-nightly.timer'], { encoding: 'utf8' }).status).not.toBe(0);
  });
});

describe('containers (deploy/Dockerfile, deploy/compose.yaml)', () => {
  if (!dockerDaemon) console.warn('deploy: the Dockerfile and compose.yaml are not built here: no Docker daemon (`docker info` fails)');
  const compose = parse(readFileSync(join(root, 'deploy/compose.yaml'), 'utf8'), { merge: true });

  it('compose.yaml runs the edge before nginx before two API processes on one PostgreSQL, the worker and the jobs', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api-1', 'api-2', 'digests', 'edge', 'nginx', 'nightly', 'postgres', 'worker']);
    for (const name of ['api-1', 'api-2', 'worker', 'nightly', 'digests']) {
      expect(compose.services[name].environment.DATABASE_URL, name).toMatch(/@postgres:5432\//);
      // the edge and nginx: two hops
      expect(compose.services[name].environment.TRUST_PROXY_HOPS, name).toBe('2');
      expect(existsSync(join(root, 'deploy', compose.services[name].env_file)), name).toBe(true);
    }
    expect(compose.services.nginx.environment.NGINX_UPSTREAMS.split(' ').map((u: string) => u.split(':')[0])).toEqual(['api-1', 'api-2']);
    expect(compose.services.nightly.command).toEqual(['node', 'scripts/nightly.mjs']);
    expect(compose.services.digests.command).toEqual(['node', 'scripts/send-digests.mjs']);
    const dockerfile = readFileSync(join(root, 'deploy/Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^FROM \S+ AS app$/m);
    expect(dockerfile).toMatch(/^FROM app AS nginx$/m);
    expect(dockerfile).toContain('deploy/nginx/render.mjs');
  });

  // compose's values as compose reads them: ${NAME:-default} is its default when NAME is unset
  const interpolate = (value: string) => value.replace(/\$\{\w+:-([^}]*)\}/g, '$1');
  const stage = (name: string) => {
    const text = readFileSync(join(root, 'deploy/Dockerfile'), 'utf8');
    const body = text.split(/^(?=FROM )/m).find((s) => new RegExp(`^FROM \\S+ AS ${name}$`, 'm').test(s.split('\n')[0]));
    expect(body, `the Dockerfile's ${name} stage`).toBeTruthy();
    const env = Object.fromEntries(
      body!
        .split('\n')
        .filter((l) => l.startsWith('ENV '))
        .flatMap((l) => [...l.matchAll(/(\w+)=("[^"]*"|\S+)/g)].map((m) => [m[1], m[2].replace(/^"|"$/g, '')])),
    );
    const copies = body!
      .split('\n')
      .filter((l) => l.startsWith('COPY '))
      .map((l) => l.split(/\s+/).slice(1));
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(body!)![1]) as string[];
    return { env, copies, cmd };
  };
  const edge = compose.services.edge;
  const edgeEnv = () => ({ ...stage('edge').env, ...Object.fromEntries(Object.entries(edge.environment as Record<string, string>).map(([k, v]) => [k, interpolate(String(v))])) });

  it('compose.yaml: the edge on the public port before nginx (on loopback only), purged by the worker over a network of their own', () => {
    expect(edge.build).toMatchObject({ dockerfile: 'deploy/Dockerfile', target: 'edge' });
    const env = edgeEnv();
    const listenPort = env.EDGE_LISTEN.split(':').at(-1);
    // published on every address of the host, to the port Varnish listens on; nginx only on loopback
    expect(edge.ports).toEqual([`80:${listenPort}`]);
    for (const port of compose.services.nginx.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
    // its backend is nginx, on the port nginx listens on
    expect(env.EDGE_BACKEND).toBe(`nginx:${stage('nginx').env.NGINX_LISTEN.split(':').at(-1)}`);
    expect(edge.depends_on.nginx).toMatchObject({ condition: 'service_healthy', restart: true });
    // the worker purges it at its address on the purge network, which only the two of them are on
    const worker = compose.services.worker.environment;
    expect(worker.EDGE_PURGE).toBe('varnish');
    const url = new URL(worker.EDGE_VARNISH_URL);
    expect(edge.networks.purge.aliases).toContain(url.hostname);
    expect(url.port).toBe(listenPort);
    const onPurge = Object.entries(compose.services as Record<string, { networks?: Record<string, unknown> }>)
      .filter(([, service]) => service.networks && 'purge' in service.networks)
      .map(([name]) => name);
    expect(onPurge.sort()).toEqual(['edge', 'worker']);
    expect(compose.services.worker.networks).toHaveProperty('default');
    // internal: no published port reaches the edge through it; its network is the edge's ACL, and nothing else
    const purge = compose.networks.purge;
    expect(purge.internal).toBe(true);
    const subnets = purge.ipam.config.map((c: { subnet: string }) => interpolate(c.subnet));
    expect(env.EDGE_PURGERS.split(/[\s,]+/)).toEqual(subnets);
    expect(subnets.every((n: string) => /^(10|172\.(1[6-9]|2\d|3[01])|192\.168)\./.test(n))).toBe(true);
  });

  it.skipIf(!varnishd && !ci)(
    "the edge image's start renders, from the files it holds, a VCL that varnishd compiles: nginx's address, the purge network alone allowed to PURGE (outside CI: skipped without varnishd)",
    () => {
      expect(varnishd, 'varnishd is required under CI (apt-get install varnish)').toBeTruthy();
      const { copies, cmd } = stage('edge');
      // a folder holding only what the image copies of the project
      const image = tempDir('edge-image-');
      for (const copy of copies) {
        const dest = copy.at(-1)!;
        for (const src of copy.slice(0, -1)) {
          mkdirSync(join(image, dest), { recursive: true });
          cpSync(join(root, src), join(image, dest, src.split('/').at(-1)!));
        }
      }
      // its start as the image runs it (sh -c), up to varnishd, with its state folder here
      expect(cmd.slice(0, 2)).toEqual(['sh', '-c']);
      const [render, varnish] = cmd[2].split(' && exec ');
      expect(varnish).toMatch(new RegExp(`^varnishd -F -j none -n \\S+ -a "\\$EDGE_LISTEN" -f /tmp/varnish/default\\.vcl ${VARNISH_PARAMS.join(' ')} -s "\\$EDGE_STORAGE"$`));
      const state = tempDir('edge-state-');
      const env = edgeEnv();
      const result = spawnSync('sh', ['-c', render.replaceAll('/tmp/varnish', state)], {
        cwd: image,
        env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, ...env },
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      const vcl = readFileSync(join(state, 'default.vcl'), 'utf8');
      const [host, port] = env.EDGE_BACKEND.split(':');
      expect(vcl).toContain(`.host = "${host}";`);
      expect(vcl).toContain(`.port = "${port}";`);
      // the worker's network, and not loopback or anyone else
      const acl = /acl carrier_purgers \{\n([^}]*)\}/
        .exec(vcl)![1]
        .trim()
        .split('\n')
        .map((l) => l.trim());
      expect(acl).toEqual(
        env.EDGE_PURGERS.split(/[\s,]+/).map((n: string) => {
          const [address, bits] = n.split('/');
          return bits ? `"${address}"/${bits};` : `"${address}";`;
        }),
      );
      // varnishd resolves the backend's name as it compiles: nginx's name is compose's, loopback here
      const file = join(state, 'compiled.vcl');
      writeFileSync(file, vcl.replace(`.host = "${host}";`, '.host = "127.0.0.1";'));
      const compiled = spawnSync(varnishd!, ['-C', '-j', 'none', '-n', join(state, 'vcc'), '-f', file], { encoding: 'utf8' });
      expect(compiled.status, compiled.stderr.split('\n').slice(-20).join('\n')).toBe(0);
      // and a broken one is refused: the check can fail
      writeFileSync(file, vcl.replace('acl carrier_purgers {', 'acl carrier_purgers {\n    "300.1.1.1";'));
      expect(spawnSync(varnishd!, ['-C', '-j', 'none', '-n', join(state, 'vcc'), '-f', file], { encoding: 'utf8' }).status).not.toBe(0);
    },
  );

  it.skipIf(!dockerDaemon)(
    'the images build and compose.yaml is valid, where a Docker daemon answers (CI has none: skipped there)',
    () => {
      for (const target of ['nginx', 'edge']) {
        const build = spawnSync('docker', ['build', '-f', 'deploy/Dockerfile', '--target', target, '-t', `carrier-site-${target}:test`, '.'], { cwd: root, encoding: 'utf8' });
        expect(build.status, build.stderr).toBe(0);
      }
      const config = spawnSync('docker', ['compose', '-f', 'deploy/compose.yaml', 'config', '--quiet'], { cwd: root, encoding: 'utf8' });
      expect(config.status, config.stderr).toBe(0);
    },
    1_200_000,
  );
});
