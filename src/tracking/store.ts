import { and, asc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../server/db';
import { trackingEvents, trackingFeeds } from '../server/db/schema';
import { documentReferenceKind, type Event } from './dcsa/schemas';
import type { EventsFilter } from './dcsa/query';
import type { ReferenceKind } from './references';

/**
 * The tracking store: the DCSA events received, once per eventID, and each provider's feed (the
 * subscription, the poll's progress, when it was last heard). Events are inserted in one statement
 * per bundle (ON CONFLICT DO NOTHING), so a bundle is stored whole or not at all, and a replay or an
 * overlapping poll adds nothing. Nothing is ever updated: a newer estimate is a new row, and which
 * one counts is decided when reading (./timeline.ts), by the time the provider created it.
 */

export type StoredEvent = typeof trackingEvents.$inferSelect;

/** The booking, bill of lading and container an event concerns, and its other columns. */
export function eventColumns(source: string, event: Event): typeof trackingEvents.$inferInsert {
  let booking: string | undefined;
  let bl: string | undefined;
  let equipment: string | undefined;
  let typeCode: string;
  let documentType: string | undefined;
  let location: string | undefined;
  let transportCallId: string | undefined;
  const refs = event.eventType === 'SHIPMENT' ? [] : (event.documentReferences ?? []);
  for (const r of refs) {
    const kind = documentReferenceKind(r.documentReferenceType);
    if (kind === 'BKG') booking ??= r.documentReferenceValue;
    if (kind === 'TRD') bl ??= r.documentReferenceValue;
  }
  switch (event.eventType) {
    case 'SHIPMENT':
      typeCode = event.shipmentEventTypeCode;
      documentType = event.documentTypeCode;
      // a booking's events name the booking; the others (instructions, VGM, B/L, release) the B/L
      if (event.documentTypeCode === 'BKG' || event.documentTypeCode === 'CBR') booking = event.documentID;
      else bl = event.documentID;
      break;
    case 'TRANSPORT':
      typeCode = event.transportEventTypeCode;
      location = event.transportCall.UNLocationCode ?? event.transportCall.location?.UNLocationCode;
      transportCallId = event.transportCall.transportCallID;
      break;
    case 'EQUIPMENT':
      typeCode = event.equipmentEventTypeCode;
      equipment = event.equipmentReference;
      location = event.transportCall?.UNLocationCode ?? event.eventLocation?.UNLocationCode ?? event.transportCall?.location?.UNLocationCode;
      transportCallId = event.transportCall?.transportCallID;
      break;
  }
  return {
    eventId: event.eventID,
    source,
    eventType: event.eventType,
    classifier: event.eventClassifierCode,
    typeCode,
    documentType,
    eventAt: new Date(event.eventDateTime),
    createdAt: new Date(event.eventCreatedDateTime),
    booking,
    bl,
    equipment,
    location,
    transportCallId,
    payload: event,
  };
}

/** Rows one INSERT carries at most (one statement's work, and the size of its one JSON parameter). */
const INSERT_CHUNK = 1000;

/**
 * One INSERT of up to INSERT_CHUNK rows, the rows as one JSON parameter that the database turns
 * into rows itself (`jsonb_to_recordset`): drizzle's multi-row VALUES carried 14 parameters a row,
 * each built into the statement's text and sent and read on its own (about 40 µs a row on the
 * client), where one parameter is one JSON text. The columns are the table's own, by name (an
 * unknown one fails the statement); `received_at` takes its default.
 */
function insertRows(db: Db, rows: ReturnType<typeof eventColumns>[]) {
  const e = trackingEvents;
  const json = JSON.stringify(
    rows.map((r) => ({
      event_id: r.eventId,
      source: r.source,
      event_type: r.eventType,
      classifier: r.classifier,
      type_code: r.typeCode,
      document_type: r.documentType ?? null,
      event_at: r.eventAt.toISOString(),
      created_at: r.createdAt.toISOString(),
      booking: r.booking ?? null,
      bl: r.bl ?? null,
      equipment: r.equipment ?? null,
      location: r.location ?? null,
      transport_call_id: r.transportCallId ?? null,
      payload: r.payload,
    })),
  );
  return db.execute<{ event_id: string }>(sql`
    insert into ${e} (${sql.raw(EVENT_COLUMNS)})
    select ${sql.raw(EVENT_COLUMNS)} from jsonb_to_recordset(${json}::jsonb) as r(${sql.raw(EVENT_RECORD)})
    on conflict (event_id) do nothing
    returning event_id`);
}

/** The columns an event fills, and their types in the JSON record (tests/api/tracking.test.ts holds them to the table's). */
const EVENT_RECORD =
  'event_id uuid, source text, event_type text, classifier text, type_code text, document_type text, event_at timestamptz, created_at timestamptz, booking text, bl text, equipment text, location text, transport_call_id text, payload jsonb';
const EVENT_COLUMNS = EVENT_RECORD.split(', ')
  .map((c) => c.split(' ')[0])
  .join(', ');

/** The rows of a driver's answer (node-postgres and PGlite give `rows`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/**
 * Stores events (any order, any repeats); gives the IDs of those that were new. One bundle of up
 * to INSERT_CHUNK events is one statement; a larger one is one transaction.
 */
export async function storeEvents(db: Db, source: string, events: readonly Event[]): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = events.map((e) => eventColumns(source, e));
  const insert = async (tx: Db, chunk: typeof rows) => rowsOf<{ event_id: string }>(await insertRows(tx, chunk)).map((r) => r.event_id);
  if (rows.length <= INSERT_CHUNK) return insert(db, rows);
  return db.transaction(async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) ids.push(...(await insert(tx as unknown as Db, rows.slice(i, i + INSERT_CHUNK))));
    return ids;
  });
}

/**
 * The events of the shipment a reference names, in one statement whatever the reference (so a known
 * and an unknown one cost alike): for a booking or a bill of lading, every event of that booking
 * (found through either number); for a container, the latest booking it travels on (a box is used
 * again and again), without the events of the booking's other containers. Empty when nothing is known.
 */
export async function shipmentEvents(db: Db, kind: ReferenceKind, value: string): Promise<{ booking?: string; bl?: string; events: Event[] }> {
  const e = trackingEvents;
  const match = kind === 'container' ? sql`${e.equipment} = ${value}` : kind === 'booking' ? sql`${e.booking} = ${value}` : sql`${e.bl} = ${value}`;
  const result = await db.execute<{ payload: Event; equipment: string | null; booking: string | null; bl: string | null }>(sql`
    with target as (
      select ${e.booking} as booking, ${e.bl} as bl from ${e} where ${match}
      order by (${e.booking} is not null and ${e.bl} is not null) desc, ${e.eventAt} desc limit 1
    ), pair as (
      select coalesce(t.booking, (select x.booking from ${e} x where x.bl = t.bl and x.booking is not null limit 1)) as booking,
             coalesce(t.bl, (select x.bl from ${e} x where x.booking = t.booking and x.bl is not null limit 1)) as bl
      from target t
    )
    select x.payload, x.equipment, p.booking, p.bl from ${e} x, pair p
    where x.booking = p.booking or x.bl = p.bl or (p.booking is null and p.bl is null and ${kind === 'container' ? sql`x.equipment = ${value}` : sql`false`})
    order by x.event_at, x.created_at`);
  const rows = rowsOf<{ payload: Event; equipment: string | null; booking: string | null; bl: string | null }>(result);
  const first = rows[0];
  const events = rows.filter((r) => kind !== 'container' || r.equipment === null || r.equipment === value).map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Event);
  return { booking: first?.booking ?? undefined, bl: first?.bl ?? undefined, events };
}

// ---- the site's own DCSA listing (GET /dcsa/tnt/v2/events) ----------------------------------------

/** A page of stored events in the standard's order (created, then ID), after a keyset position. */
export async function listEvents(db: Db, filter: EventsFilter, after: { createdAt: number; eventId: string } | undefined, limit: number): Promise<StoredEvent[]> {
  const e = trackingEvents;
  const where: SQL[] = [];
  if (filter.eventType) where.push(inArray(e.eventType, filter.eventType));
  // a type code filter matches only events of its kind (the standard: shipmentEventTypeCode=DRFT and
  // equipmentEventTypeCode=GTIN together match nothing)
  const typeCodes = (kind: string, codes: string[] | undefined) => codes && where.push(and(eq(e.eventType, kind), inArray(e.typeCode, codes))!);
  typeCodes('SHIPMENT', filter.shipmentEventTypeCode);
  typeCodes('TRANSPORT', filter.transportEventTypeCode);
  typeCodes('EQUIPMENT', filter.equipmentEventTypeCode);
  if (filter.documentTypeCode) where.push(and(eq(e.eventType, 'SHIPMENT'), inArray(e.documentType, filter.documentTypeCode))!);
  // a booking or a bill of lading names every event of its shipment, as the provider serves it: the
  // documents named by the B/L (instructions, VGM, the B/L, the release) with the booking's, and back
  const pairOf = (column: typeof e.booking | typeof e.bl, other: typeof e.booking | typeof e.bl, value: string) =>
    or(eq(column, value), sql`${other} = (select x.${sql.raw(other.name)} from ${e} x where x.${sql.raw(column.name)} = ${value} and x.${sql.raw(other.name)} is not null limit 1)`)!;
  if (filter.carrierBookingReference) where.push(pairOf(e.booking, e.bl, filter.carrierBookingReference));
  if (filter.transportDocumentReference) where.push(pairOf(e.bl, e.booking, filter.transportDocumentReference));
  if (filter.equipmentReference) where.push(eq(e.equipment, filter.equipmentReference));
  if (filter.transportCallID) where.push(eq(e.transportCallId, filter.transportCallID));
  if (filter.UNLocationCode) where.push(eq(e.location, filter.UNLocationCode));
  if (filter.vesselIMONumber) where.push(sql`${e.payload}->'transportCall'->'vessel'->>'vesselIMONumber' = ${filter.vesselIMONumber}`);
  if (filter.exportVoyageNumber) where.push(sql`${e.payload}->'transportCall'->>'exportVoyageNumber' = ${filter.exportVoyageNumber}`);
  if (filter.carrierServiceCode) where.push(sql`${e.payload}->'transportCall'->>'carrierServiceCode' = ${filter.carrierServiceCode}`);
  for (const c of filter.created ?? []) where.push({ gte, gt, lte, lt, eq }[c.op](e.createdAt, new Date(c.at)));
  if (after) {
    const at = new Date(after.createdAt);
    where.push(or(gt(e.createdAt, at), and(eq(e.createdAt, at), gt(e.eventId, after.eventId)))!);
  }
  return db
    .select()
    .from(e)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(e.createdAt), asc(e.eventId))
    .limit(limit);
}

export async function eventById(db: Db, eventId: string): Promise<StoredEvent | undefined> {
  const [found] = await db.select().from(trackingEvents).where(eq(trackingEvents.eventId, eventId));
  return found;
}

// ---- feeds ------------------------------------------------------------------------------------------

export type Feed = typeof trackingFeeds.$inferSelect;

export async function readFeed(db: Db, source: string): Promise<Feed | undefined> {
  const [feed] = await db.select().from(trackingFeeds).where(eq(trackingFeeds.source, source));
  return feed;
}

export async function saveFeed(db: Db, source: string, values: Partial<Omit<Feed, 'source'>> & { providerUrl: string }): Promise<void> {
  await db
    .insert(trackingFeeds)
    .values({ source, ...values })
    .onConflictDoUpdate({ target: trackingFeeds.source, set: values });
}

export async function updateFeed(db: Db, source: string, values: Partial<Omit<Feed, 'source' | 'providerUrl'>>): Promise<void> {
  await db.update(trackingFeeds).set(values).where(eq(trackingFeeds.source, source));
}

/**
 * When a feed was last heard from. The demonstration provider runs beside each process that asks for
 * it, each with a feed of its own ('demo:<port>'): 'demo' reads the freshest of them.
 */
export async function lastHeard(db: Db, source: string): Promise<Date | undefined> {
  const where = source === 'demo' ? sql`${trackingFeeds.source} like 'demo:%'` : eq(trackingFeeds.source, source);
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${trackingFeeds.lastHeardAt})` })
    .from(trackingFeeds)
    .where(where);
  return row?.at ? new Date(row.at) : undefined;
}

/** Takes the poll lease of a feed until `until` if no other process holds it; true when taken. */
export async function takePollLease(db: Db, source: string, now: Date, until: Date): Promise<boolean> {
  const taken = await db
    .update(trackingFeeds)
    .set({ pollLeaseUntil: until })
    .where(and(eq(trackingFeeds.source, source), or(sql`${trackingFeeds.pollLeaseUntil} is null`, lt(trackingFeeds.pollLeaseUntil, now))))
    .returning({ source: trackingFeeds.source });
  return taken.length > 0;
}

export async function countEvents(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(trackingEvents);
  return row.n;
}

/**
 * Demonstration mode only (the caller checks): a booking, bill of lading or container of the
 * demonstration shipments at each stage, latest first: booked (nothing moved), at the origin
 * (gated in, not sailed), at sea, at the destination (discharged, not delivered), delivered.
 */
export async function sampleShipments(
  db: Db,
  now: Date,
): Promise<{ booking: string; bl: string | null; container: string | null; stage: 'booked' | 'origin' | 'sea' | 'destination' | 'delivered' }[]> {
  const e = trackingEvents;
  const result = await db.execute<{ booking: string; bl: string | null; container: string | null; stage: 'booked' | 'origin' | 'sea' | 'destination' | 'delivered' }>(sql`
    with recent as (
      select ${e.booking} as booking, max(${e.bl}) as bl, max(${e.equipment}) as container,
        bool_or(${e.typeCode} = 'GTIN' and ${e.classifier} = 'ACT' and ${e.payload}->>'emptyIndicatorCode' = 'EMPTY') as returned,
        bool_or(${e.typeCode} = 'DISC' and ${e.classifier} = 'ACT') as discharged,
        count(*) filter (where ${e.typeCode} = 'DEPA' and ${e.classifier} = 'ACT') as departures,
        count(*) filter (where ${e.typeCode} = 'ARRI' and ${e.classifier} = 'ACT') as arrivals,
        bool_or(${e.eventType} = 'EQUIPMENT' and ${e.classifier} = 'ACT') as moved,
        max(${e.createdAt}) as last
      from ${e} where ${e.booking} is not null and ${e.createdAt} <= ${now} and ${e.createdAt} > ${new Date(now.getTime() - 60 * 86_400_000)}
      group by ${e.booking}
    ), staged as (
      select booking, bl, container, last,
        case when returned then 'delivered'
             when departures > arrivals then 'sea'
             when departures > 0 and discharged then 'destination'
             when moved then 'origin'
             else 'booked' end as stage
      from recent
    )
    select distinct on (stage) booking, bl, container, stage from staged order by stage, last desc`);
  return (result as unknown as { rows: never[] }).rows;
}
