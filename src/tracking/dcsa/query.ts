import { z } from 'zod';
import { decodeCursor, fingerprint, type EventPosition } from './cursor';
import { tntError, type TntError } from './errors';
import { DOCUMENT_TYPE_CODES, EQUIPMENT_EVENT_TYPE_CODES, EVENT_TYPES, SHIPMENT_EVENT_TYPE_CODES, TRANSPORT_EVENT_TYPE_CODES } from './schemas';

/**
 * The query of GET /v2/events (DCSA Track & Trace 2.2), read and checked once for both ends that
 * serve it: the reference provider (src/tracking/provider/app.ts, which filters in memory with
 * `matches` of ../provider/feed.ts) and the site's read-only copy of its store
 * (src/server/dcsa/tnt-app.ts, which filters in SQL with `listEvents` of ../store.ts).
 *
 * Every filter of the standard that applies (eventType, shipmentEventTypeCode, documentTypeCode,
 * carrierBookingReference, transportDocumentReference, transportEventTypeCode, transportCallID,
 * vesselIMONumber, exportVoyageNumber, carrierServiceCode, UNLocationCode, equipmentEventTypeCode,
 * equipmentReference, eventCreatedDateTime with :gte :gt :lte :lt :eq, none being :eq), the deprecated
 * aliases bookingReference and carrierVoyageNumber, limit (1–1000, default 100), sort (only the fixed
 * order: created, then eventID) and cursor (./cursor.ts: signed, bound to the filters). Filters combine
 * with AND, a list's values with OR. Every problem is named with its parameter, all of them at once.
 */

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

export type CreatedOperator = 'gte' | 'gt' | 'lte' | 'lt' | 'eq';

/** The filters of GET /v2/events and of a subscription (lists: any of; fields and times: all of). */
export interface EventsFilter {
  eventType?: string[];
  shipmentEventTypeCode?: string[];
  documentTypeCode?: string[];
  transportEventTypeCode?: string[];
  equipmentEventTypeCode?: string[];
  carrierBookingReference?: string;
  transportDocumentReference?: string;
  equipmentReference?: string;
  transportCallID?: string;
  vesselIMONumber?: string;
  exportVoyageNumber?: string;
  carrierServiceCode?: string;
  UNLocationCode?: string;
  /** eventCreatedDateTime with its operators, epoch ms. */
  created?: { op: CreatedOperator; at: number }[];
}

export interface EventsQuery {
  filter: EventsFilter;
  limit: number;
  /** The position after which the page starts (from the cursor). */
  after?: EventPosition;
  /** The fingerprint of the filters, for the cursor of the next page. */
  filters: string;
}

const LISTS = {
  eventType: EVENT_TYPES,
  shipmentEventTypeCode: SHIPMENT_EVENT_TYPE_CODES,
  documentTypeCode: DOCUMENT_TYPE_CODES,
  transportEventTypeCode: TRANSPORT_EVENT_TYPE_CODES,
  equipmentEventTypeCode: EQUIPMENT_EVENT_TYPE_CODES,
} as const;

/** Single-value filters and their longest value (the standard's maxLength). */
const FIELDS = {
  carrierBookingReference: 35,
  transportDocumentReference: 20,
  transportCallID: 100,
  vesselIMONumber: 7,
  exportVoyageNumber: 50,
  carrierServiceCode: 5,
  UNLocationCode: 5,
  equipmentReference: 15,
} as const;

/** Deprecated parameters of the standard read as their successors. */
const ALIASES: Record<string, keyof typeof FIELDS> = { bookingReference: 'carrierBookingReference', carrierVoyageNumber: 'exportVoyageNumber' };
/** Deprecated parameters that are not served. */
const NOT_SERVED: Record<string, string> = {
  transportDocumentID: 'is deprecated and not served: use transportDocumentReference',
  scheduleID: 'is deprecated (the standard added it by mistake) and not served',
};
const OPERATORS: readonly CreatedOperator[] = ['gte', 'gt', 'lte', 'lt', 'eq'];
const CREATED = /^eventCreatedDateTime(?::(\w*))?$/;
const DateTime = z.iso.datetime({ offset: true });
/** Whether a table has a key of its own (a parameter named toString or __proto__ is not one). */
const has = (table: object, key: string) => Object.hasOwn(table, key);
const successor = (name: string): string => (has(ALIASES, name) ? ALIASES[name] : name);
const Position = z.object({ createdAt: z.number().int(), eventId: z.string().max(40) }).strict();

/** A page size (1 to MAX_LIMIT), or undefined when the value is not one. */
export function parseLimit(value: string): number | undefined {
  const n = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  return n >= 1 && n <= MAX_LIMIT ? n : undefined;
}
export const LIMIT_PROBLEM = `must be a whole number from 1 to ${MAX_LIMIT}`;

/** Reads and checks the query of GET /v2/events, its cursor under `cursorKey`: the query, or every problem. */
export function parseEventsQuery(params: URLSearchParams, cursorKey: string): { query: EventsQuery } | { errors: TntError[] } {
  const errors: TntError[] = [];
  const filter: EventsFilter = {};
  const created: { op: CreatedOperator; at: number }[] = [];
  const sent = new Map<string, string>();
  let limit = DEFAULT_LIMIT;
  let cursor: string | undefined;
  for (const [rawName, value] of params) {
    if (sent.has(rawName)) {
      errors.push(tntError(rawName, 'is given more than once (a list is comma-separated: eventType=SHIPMENT,EQUIPMENT)', 'invalidQuery'));
      continue;
    }
    // the parameters as sent, for the cursor's fingerprint (aliases under their successor's name)
    sent.set(rawName, value);
    const name = successor(rawName);
    if (name !== rawName && params.has(name)) {
      errors.push(tntError(rawName, `is the deprecated name of ${name}: give one of them`, 'invalidQuery'));
      continue;
    }
    const op = CREATED.exec(name)?.[1];
    if (has(LISTS, name)) {
      const allowed: readonly string[] = LISTS[name as keyof typeof LISTS];
      const values = value.split(',').map((v) => v.trim());
      const wrong = values.filter((v) => !allowed.includes(v));
      if (wrong.length) errors.push(tntError(name, `${wrong.map((v) => (v ? JSON.stringify(v) : 'an empty value')).join(', ')} is not one of ${allowed.join(', ')}`));
      else filter[name as keyof typeof LISTS] = [...new Set(values)];
    } else if (has(FIELDS, name)) {
      const max = FIELDS[name as keyof typeof FIELDS];
      if (!value) errors.push(tntError(name, 'is empty'));
      else if (value.length > max) errors.push(tntError(name, `is longer than ${max} characters`));
      else if (name === 'UNLocationCode' && !/^[A-Z]{2}[A-Z2-9]{3}$/.test(value)) errors.push(tntError(name, `${JSON.stringify(value)} is not a UN/LOCODE such as CNSHA`));
      else filter[name as keyof typeof FIELDS] = value;
    } else if (op !== undefined && !OPERATORS.includes(op as CreatedOperator)) {
      errors.push(tntError(name, `the operator must be one of :${OPERATORS.join(', :')} (or none, for :eq)`, 'invalidQuery'));
    } else if (CREATED.test(name)) {
      // a + in a query string is a space: take "…T12:00:00 08:00" as the +08:00 it was meant to be
      const text = value.replace(/ (\d{2}:\d{2})$/, '+$1');
      if (!DateTime.safeParse(text).success)
        errors.push(tntError(name, `${JSON.stringify(value)} is not a date-time with its offset, such as 2021-04-01T14:12:56+01:00 or 2021-04-01T13:12:56Z (write + as %2B)`));
      else created.push({ op: (op || 'eq') as CreatedOperator, at: Date.parse(text) });
    } else if (name === 'limit') {
      const n = parseLimit(value);
      if (n === undefined) errors.push(tntError(name, LIMIT_PROBLEM));
      else limit = n;
    } else if (name === 'cursor') {
      if (!value) errors.push(tntError(name, 'is empty', 'invalidCursor'));
      else cursor = value;
    } else if (name === 'sort') {
      if (!/^eventCreatedDateTime(:asc)?$/i.test(value)) errors.push(tntError(name, 'only eventCreatedDateTime (ascending, then eventID) is served'));
    } else if (has(NOT_SERVED, name)) errors.push(tntError(name, NOT_SERVED[name], 'invalidQuery'));
    else errors.push(tntError(rawName, 'is not a parameter of GET /v2/events', 'invalidQuery'));
  }
  if (created.length) filter.created = created;
  const filters = fingerprint('events', Object.fromEntries([...sent].map(([k, v]) => [successor(k), v])));
  let after: EventPosition | undefined;
  if (cursor !== undefined) {
    const decoded = decodeCursor(cursorKey, cursor, filters);
    const position = 'position' in decoded ? Position.safeParse(decoded.position) : undefined;
    if (position?.success) after = position.data;
    else errors.push(tntError('cursor', 'error' in decoded ? decoded.error : 'is not a cursor issued by this API', 'invalidCursor'));
  }
  if (errors.length) return { errors };
  return { query: { filter, limit, after, filters } };
}
