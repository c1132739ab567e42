// The site's metrics for Prometheus, through prom-client: one registry per process, kept on
// globalThis so that scripts/start.mjs and the built server (which bundles its own copy of this
// file) count into the same one. Served at /metrics by scripts/start.mjs to loopback and to the
// METRICS_ALLOW addresses only.
import { BlockList, isIP } from 'node:net';
import client from 'prom-client';

const KEY = Symbol.for('carrier.metrics');

function create() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const counter = (name, help, labelNames = []) => new client.Counter({ name, help, labelNames, registers: [registry] });
  return {
    registry,
    requests: counter('http_requests_total', 'HTTP requests answered, by route, method and status', ['route', 'method', 'status']),
    duration: new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by route and method',
      labelNames: ['route', 'method'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
      registers: [registry],
    }),
    rateLimited: counter('rate_limit_refusals_total', 'Requests refused by a rate limit (HTTP 429), by limit', ['limit']),
    captchaFailures: counter('captcha_failures_total', 'Captcha answers refused, by reason (invalid, expired, used, wrong)', ['reason']),
    mailFailures: counter('mail_failures_total', 'Mails that could not be sent, by transport (smtp, outbox)', ['transport']),
    trackingEvents: counter('tracking_events_stored_total', 'Tracking events stored (new ones only: a replay counts nothing), by how they came (callback, poll)', ['via']),
    trackingRefused: counter('tracking_callbacks_refused_total', 'Tracking callbacks refused, nothing stored, by reason (invalidSignature, unknownSubscription, invalidEvent, …)', ['reason']),
    /** Gauges whose values are read when Prometheus asks (the database's, a pool's): name → collect function. */
    collectors: new Map(),
  };
}

/** This process's metrics. */
export function metrics() {
  globalThis[KEY] ??= create();
  return globalThis[KEY];
}

/**
 * A gauge read when /metrics is asked for (counts from the database, a pool's connections).
 * `read` answers [labels, value] pairs; a second registration under the same name replaces the first.
 * @param {string} name @param {string} help @param {string[]} labelNames
 * @param {() => Promise<Array<[Record<string, string>, number]>> | Array<[Record<string, string>, number]>} read
 */
export function gaugeFromSource(name, help, labelNames, read) {
  const m = metrics();
  m.collectors.set(name, read);
  if (m.registry.getSingleMetric(name)) return;
  new client.Gauge({
    name,
    help,
    labelNames,
    registers: [m.registry],
    async collect() {
      const source = metrics().collectors.get(name);
      this.reset();
      if (!source) return;
      for (const [labels, value] of await source()) this.set(labels, value);
    },
  });
}

/** The Prometheus text of every metric, and its content type. */
export async function metricsAnswer() {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}

/**
 * Who may read /metrics: loopback, and the addresses and CIDR blocks of METRICS_ALLOW
 * (comma-separated, e.g. "10.0.0.0/8, 192.0.2.7"). A request that came through a proxy (it has
 * X-Forwarded-For) must come from an allowed peer and name an allowed client, so a proxy on the same
 * machine does not open /metrics to the world.
 */
export function metricsGate(allow = process.env.METRICS_ALLOW ?? '') {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  for (const entry of allow
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address, bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : isIP(address) === 4 ? 'ipv4' : null;
    if (!family) throw new Error(`METRICS_ALLOW: "${entry}" is not an IP address or CIDR block`);
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  const allowed = (raw) => {
    const address = raw.startsWith('::ffff:') ? raw.slice(7) : raw;
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
  /** @param {string | undefined} socketAddress @param {string | string[] | undefined} forwardedFor */
  return (socketAddress, forwardedFor) => {
    const forwarded = String(forwardedFor ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // the peer must be allowed, and so must the client a proxy names (the address it added last)
    return allowed(socketAddress ?? '') && (forwarded.length === 0 || allowed(forwarded.at(-1)));
  };
}
