#!/usr/bin/env node
// Tracking at scale, on PostgreSQL (TEST_DATABASE_URL, else 127.0.0.1:5432/test as on every machine here):
//   1. a fresh database, migrated by the built server's own start;
//   2. N shipments of 20 DCSA TNT 2.2 events each (bookings, two containers with ISO 6346 check
//      digits, a leg planned, estimated and sailed, the boxes' moves, the B/L) stored through the
//      store's own insert (src/tracking/store.ts), 1,000 events a statement;
//   3. the visitor's look-up (the store's one statement, src/tracking/store.ts shipmentEvents) by
//      container, bill of lading and booking, each on 1,000 random references of the loaded set:
//      p50 and p99 (goal: p99 under 20 ms at 200,000 shipments and 4,000,000 events);
//   4. callback ingestion through two built API processes (scripts/start.mjs, as `npm start`) on
//      that database: signed bundles of 100 new events sent to both alternately, 8 in flight, each
//      checked for its signature and stored before its 204 (goal: 2,000 events/s sustained), then
//      the events counted in the database: what was sent is what is stored.
// The same at a tenth of the size first, in the same run, so that the growth shows beside machine
// speed. Figures are printed, never asserted; `--small` (2,000 and 200 shipments) is what npm test
// runs so that the bench cannot rot. Needs a build (dist/server).
//
//   npm run bench -- --tracking        (200,000 shipments; ~15 min on a 2-core machine)
//   node bench/tracking.mjs [--shipments N] [--small] [--keep]
import { spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from '../scripts/lib/serve-built.mjs';
import { importServerModules } from '../scripts/lib/server-modules.mjs';

const { values } = parseArgs({ options: { shipments: { type: 'string' }, small: { type: 'boolean' }, keep: { type: 'boolean' } }, strict: false });
const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const EVENTS_PER_SHIPMENT = 20;
const LOOKUPS = 1000;
const BUNDLE = 100;
const IN_FLIGHT = 8;

const ms = (from) => Number(process.hrtime.bigint() - from) / 1e6;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The events of shipment `i`: booking 26xxxxxxxx, B/L SBLU + booking, two SBLU containers. */
function shipmentEvents(i, withCheckDigit, base) {
  const booking = String(2_600_000_000 + i);
  const bl = `SBLU${booking}`;
  const boxes = [withCheckDigit(`SBLU${String((i * 2) % 1_000_000).padStart(6, '0')}`), withCheckDigit(`SBLU${String((i * 2 + 1) % 1_000_000).padStart(6, '0')}`)];
  const t0 = base + (i % 500_000) * 60_000;
  const at = (hours) => new Date(t0 + hours * 3_600_000).toISOString();
  const docs = [
    { documentReferenceType: 'BKG (Booking)', documentReferenceValue: booking },
    { documentReferenceType: 'TRD (Transport Document)', documentReferenceValue: bl },
  ];
  const call = (port, seq) => ({
    transportCallID: `AEX1-${Math.floor(i / 900)}W-${port}-${seq}`,
    carrierServiceCode: 'AEX1',
    exportVoyageNumber: `${String(Math.floor(i / 900) % 10000).padStart(4, '0')}W`,
    UNLocationCode: port,
    facilityTypeCode: 'POTE',
    modeOfTransport: 'VESSEL',
    vessel: { vesselIMONumber: '9863297', vesselName: 'SEABRIDGE HARMONY', vesselOperatorCarrierCode: 'SBL', vesselOperatorCarrierCodeListProvider: 'SMDG' },
  });
  const base0 = { eventCreatedDateTime: '', eventDateTime: '', eventClassifierCode: 'ACT' };
  const out = [];
  const add = (event) => out.push({ ...base0, eventID: randomUUID(), ...event });
  add({ eventType: 'SHIPMENT', shipmentEventTypeCode: 'RECE', documentTypeCode: 'BKG', documentID: booking, eventDateTime: at(0), eventCreatedDateTime: at(0) });
  add({ eventType: 'SHIPMENT', shipmentEventTypeCode: 'CONF', documentTypeCode: 'BKG', documentID: booking, eventDateTime: at(2), eventCreatedDateTime: at(2) });
  for (const [code, port, seq, h] of [
    ['DEPA', 'CNSHA', 1, 200],
    ['ARRI', 'NLRTM', 9, 900],
  ])
    for (const [classifier, created, shift] of [
      ['PLN', 0, 0],
      ['EST', h - 72, 6],
      ['ACT', h + 7, 7],
    ])
      add({
        eventType: 'TRANSPORT',
        eventClassifierCode: classifier,
        transportEventTypeCode: code,
        transportCall: call(port, seq),
        documentReferences: docs,
        eventDateTime: at(h + shift),
        eventCreatedDateTime: at(created),
      });
  for (const box of boxes)
    for (const [code, empty, port, h] of [
      ['GTOT', 'EMPTY', 'CNSHA', 100],
      ['GTIN', 'LADEN', 'CNSHA', 150],
      ['LOAD', 'LADEN', 'CNSHA', 200],
      ['DISC', 'LADEN', 'NLRTM', 910],
      ['GTOT', 'LADEN', 'NLRTM', 960],
    ])
      add({
        eventType: 'EQUIPMENT',
        equipmentEventTypeCode: code,
        equipmentReference: box,
        ISOEquipmentCode: '45G1',
        emptyIndicatorCode: empty,
        eventLocation: { UNLocationCode: port },
        documentReferences: docs,
        eventDateTime: at(h),
        eventCreatedDateTime: at(h + 0.3),
      });
  add({ eventType: 'SHIPMENT', shipmentEventTypeCode: 'ISSU', documentTypeCode: 'TRD', documentID: bl, eventDateTime: at(220), eventCreatedDateTime: at(220) });
  add({ eventType: 'SHIPMENT', shipmentEventTypeCode: 'RELS', documentTypeCode: 'SRM', documentID: bl, eventDateTime: at(930), eventCreatedDateTime: at(930) });
  return { booking, bl, boxes, events: out };
}

async function freshDatabase() {
  const name = `bench_tracking_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Two built API processes on the database (no tracking provider of their own: the bench is the provider). */
async function startProcesses(databaseUrl, dataDir) {
  const started = [];
  for (let n = 0; n < 2; n++) {
    const port = await freePort();
    const child = spawn('node_modules/.bin/node', ['scripts/start.mjs'], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl, DATA_DIR: dataDir, WORKER: 'off', LOG_LEVEL: 'error', TNT_DEMO: 'off' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    started.push({ base: `http://127.0.0.1:${port}`, child });
  }
  for (const { base, child } of started)
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`an API process exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/ready`)).ok) break;
      } catch {}
      if (i > 1200) throw new Error('an API process did not get ready in 4 minutes');
      await new Promise((r) => setTimeout(r, 200));
    }
  return { bases: started.map((s) => s.base), stop: () => Promise.all(started.map(({ child }) => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill()))))) };
}

async function runScale(shipments, modules) {
  const { storeEvents, shipmentEvents: lookUp, withCheckDigit, openDatabase } = modules;
  const db = await freshDatabase();
  const dataDir = `var/bench-tracking-${process.pid}-${shipments}`;
  mkdirSync(dataDir, { recursive: true });
  let processes;
  try {
    // the built server migrates the database (the same migrations, under their lock)
    processes = await startProcesses(db.url, dataDir);
    const database = await openDatabase({ databaseUrl: db.url, dataDir });
    const base = Date.parse('2026-06-01T00:00:00Z');

    // ---- load ----------------------------------------------------------------------------
    let t = process.hrtime.bigint();
    const refs = { booking: [], bl: [], container: [] };
    let chunk = [];
    for (let i = 0; i < shipments; i++) {
      const s = shipmentEvents(i, withCheckDigit, base);
      if (i % Math.max(1, Math.floor(shipments / LOOKUPS)) === 0) {
        refs.booking.push(s.booking);
        refs.bl.push(s.bl);
        refs.container.push(s.boxes[i % 2]);
      }
      chunk.push(...s.events);
      if (chunk.length >= 1000) {
        await storeEvents(database.db, 'bench', chunk);
        chunk = [];
      }
    }
    if (chunk.length) await storeEvents(database.db, 'bench', chunk);
    const loadSeconds = ms(t) / 1000;
    const analyze = new pg.Client({ connectionString: db.url });
    await analyze.connect();
    await analyze.query('ANALYZE tracking_events');
    const { rows } = await analyze.query("select count(*)::int as n, pg_size_pretty(pg_total_relation_size('tracking_events')) as size from tracking_events");
    await analyze.end();

    // ---- look-ups, beside the machine's own reference: a bare round trip to the database --------
    const lookups = {};
    const bare = [];
    for (let i = 0; i < LOOKUPS; i++) {
      t = process.hrtime.bigint();
      await database.pool.query('select 1');
      bare.push(ms(t));
    }
    bare.sort((a, b) => a - b);
    lookups.reference = { n: bare.length, found: bare.length, p50: percentile(bare, 50), p99: percentile(bare, 99) };
    for (const kind of ['container', 'bl', 'booking']) {
      const times = [];
      let found = 0;
      for (const ref of refs[kind]) {
        t = process.hrtime.bigint();
        const r = await lookUp(database.db, kind, ref);
        times.push(ms(t));
        if (r.events.length) found++;
      }
      times.sort((a, b) => a - b);
      lookups[kind] = { n: times.length, found, p50: percentile(times, 50), p99: percentile(times, 99) };
    }

    // ---- ingestion through the two processes ----------------------------------------------------
    const subscriptionId = randomUUID();
    const secret = randomBytes(64).toString('base64');
    const feed = new pg.Client({ connectionString: db.url });
    await feed.connect();
    await feed.query("insert into tracking_feeds (source, provider_url, subscription_id, secret, callback_url) values ('bench', 'http://bench.invalid/v2', $1, $2, 'http://bench.invalid')", [
      subscriptionId,
      secret,
    ]);
    await feed.end();
    const ingestShipments = Math.max(10, Math.floor(shipments / 20));
    const bundles = [];
    let pending = [];
    for (let i = 0; i < ingestShipments; i++) {
      pending.push(...shipmentEvents(10_000_000 + i, withCheckDigit, base).events);
      while (pending.length >= BUNDLE) bundles.push(pending.splice(0, BUNDLE));
    }
    if (pending.length) bundles.push(pending);
    const sent = bundles.reduce((n, b) => n + b.length, 0);
    const key = Buffer.from(secret, 'base64');
    let next = 0;
    let failures = 0;
    t = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async (_, w) => {
        for (let b = next++; b < bundles.length; b = next++) {
          const body = JSON.stringify(bundles[b]);
          const signature = `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;
          for (let attempt = 0; ; attempt++) {
            const res = await fetch(`${processes.bases[(b + w) % 2]}/dcsa/tnt/v2/notifications`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'subscription-id': subscriptionId, 'notification-signature': signature, 'api-version': '2.2.0' },
              body,
            });
            await res.arrayBuffer();
            if (res.status === 204) break;
            failures++;
            if (attempt > 5) throw new Error(`a bundle was refused ${res.status} six times`);
          }
        }
      }),
    );
    const ingestSeconds = ms(t) / 1000;
    const count = new pg.Client({ connectionString: db.url });
    await count.connect();
    const stored = (await count.query("select count(*)::int as n from tracking_events where source = 'bench'")).rows[0].n;
    await count.end();
    await database.close();
    return {
      shipments,
      events: rows[0].n,
      tableSize: rows[0].size,
      loadSeconds,
      loadPerSecond: Math.round(rows[0].n / loadSeconds),
      lookups,
      ingest: { sent, stored: stored - shipments * EVENTS_PER_SHIPMENT, seconds: ingestSeconds, perSecond: Math.round(sent / ingestSeconds), retried: failures },
    };
  } finally {
    await processes?.stop();
    if (!values.keep) await db.drop();
  }
}

function print(results) {
  const row = (label, fn) => console.log(`${label.padEnd(34)} ${results.map((r) => fn(r).padStart(22)).join(' ')}`);
  row('shipments', (r) => r.shipments.toLocaleString('en'));
  row('events stored', (r) => r.events.toLocaleString('en'));
  row('table with indexes', (r) => r.tableSize);
  row('load (events/s)', (r) => `${r.loadPerSecond.toLocaleString('en')} (${r.loadSeconds.toFixed(0)} s)`);
  row('reference: select 1, p50 / p99 ms', (r) => `${r.lookups.reference.p50.toFixed(2)} / ${r.lookups.reference.p99.toFixed(2)}`);
  for (const kind of ['container', 'bl', 'booking']) row(`look-up by ${kind}: p50 / p99 ms`, (r) => `${r.lookups[kind].p50.toFixed(2)} / ${r.lookups[kind].p99.toFixed(2)}`);
  row('callbacks, 2 processes (events/s)', (r) => `${r.ingest.perSecond.toLocaleString('en')} (${r.ingest.seconds.toFixed(1)} s)`);
  row('sent = stored', (r) => `${r.ingest.sent} = ${r.ingest.stored}${r.ingest.sent === r.ingest.stored ? '' : '  LOST'}`);
}

export async function benchTracking({ shipments = 200_000, small = false } = {}) {
  if (!existsSync('dist/server/entry.mjs')) throw new Error('no build: run npm run build first (the API processes serve dist/server)');
  const modules = await importServerModules('bench-tracking', {
    'src/tracking/store.ts': 'storeEvents, shipmentEvents',
    'src/tracking/iso6346.ts': 'withCheckDigit',
    'src/server/db/index.ts': 'openDatabase',
  });
  const sizes = small ? [200, 2_000] : [Math.round(shipments / 10), shipments];
  const results = [];
  for (const n of sizes) {
    console.log(`tracking: ${n.toLocaleString('en')} shipments …`);
    results.push(await runScale(n, modules));
  }
  console.log(`\ntracking at scale (PostgreSQL; a tenth of the size beside the full size, same run, same machine)`);
  print(results);
  console.log('goals at full size: look-up p99 < 20 ms; callbacks >= 2,000 events/s with nothing lost');
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/tracking.json', `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`);
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await benchTracking({ shipments: values.shipments ? Number(values.shipments) : undefined, small: values.small });
  // a bench that runs is what npm test asks of it; a lost event is a failure, not a figure
  if (results.some((r) => r.ingest.sent !== r.ingest.stored)) process.exit(1);
}
