import { z } from 'zod';
import { calls } from './calls';
import type { CallDef } from './define';
import type { ExampleRequest } from './examples';
import { UploadBody } from './forms';
import { HELP_PATH } from './help-paths';
import { SCHEDULE_PATH } from './schedule-paths';
import { SUBSCRIBE_PATH, UnsubscribeQuery } from './subscribe';
import { AlertUnsubscribeQuery, TRACK_ALERT_PATH } from './tracking';
import { CODE, PATH } from './wire';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../tracking/dcsa/query';
import { DOCUMENT_TYPE_CODES, EQUIPMENT_EVENT_TYPE_CODES, Event, EVENT_TYPES, SHIPMENT_EVENT_TYPE_CODES, TNT_BASE, TNT_VERSION, TRANSPORT_EVENT_TYPE_CODES } from '../tracking/dcsa/schemas';
import { DCSA_BASE, DCSA_VERSION, ErrorResponse, PointToPoint, PointToPointQuery, PortSchedule, PortSchedulesQuery, ServiceSchedule, VesselSchedulesQuery } from '../schedules/dcsa/schemas';

/**
 * The OpenAPI 3.1 document of the public API, made from the contract itself: every call of
 * `calls` with its query, path and body schemas and its answer's content, each through zod 4's
 * JSON Schema output (JSON Schema 2020-12, which OpenAPI 3.1 uses as is), inside the wrapper
 * `{ code, message, data: { content } }`; the error codes with the wrapper they come in; and the
 * four download calls that answer a file or a redirect instead of the wrapper; and the DCSA
 * Commercial Schedules calls under /dcsa/cs/v1 (their own server, the standard's shapes, from the
 * zod schemas in src/schedules/dcsa/schemas.ts). With `examples`, each operation shows its
 * example request (./examples.ts) on its parameters and body, and the API's own answer to it on
 * its 200 answer (made by the server: src/server/openapi-examples.ts). Served at
 * `{apiBase}/openapi.json` and read by the reference page at `{apiBase}/docs`
 * (src/server/routes/openapi.ts).
 */

type Json = Record<string, unknown>;

/** The uploaded file of a multipart body, which zod's JSON Schema cannot say. */
const FILE_FIELD = UploadBody.shape.file;

/** A schema as JSON Schema 2020-12; what JSON Schema cannot say (a transform, a refinement) is left open rather than refused, but an uploaded file is a binary string. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema === FILE_FIELD) Object.assign(ctx.jsonSchema, { type: 'string', contentMediaType: 'application/octet-stream', description: 'The file (multipart/form-data)' });
    },
  }) as Json;
  return rest;
}

const ERRORS: Record<string, string> = {
  [CODE.badRequest]: 'The request is invalid; the message names each field and what is expected',
  [CODE.forbidden]: 'A token or sign is missing, expired, used or wrong',
  [CODE.notFound]: 'Nothing with that id (or no such call)',
  [CODE.methodNotAllowed]: 'The call takes the other method',
  [CODE.tooManyRequests]: 'Over a rate limit; Retry-After says when to try again',
  [CODE.serverError]: 'An internal error (never with a stack trace)',
  [CODE.unavailable]: 'The database is unavailable; retry shortly',
};

const wrapped = (content: Json, code: string, example?: Json): Json => ({
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: { type: 'string', const: code, description: 'The wire code; the HTTP status follows it for errors' },
    message: { type: 'string', description: code === CODE.ok ? '"success", or a message of the call' : 'What went wrong, in the language asked where the call has one' },
    data: { type: 'object', required: ['content'], properties: { content } },
    ...(code === CODE.ok
      ? {}
      : { requestId: { type: 'string', description: "The request's id: the X-Request-Id it came with, or one made for it; the same in the answer's X-Request-Id header and the server's log line" } }),
  },
  ...(example ? { examples: [example] } : {}),
});

const errorResponses = (): Json =>
  Object.fromEntries(Object.entries(ERRORS).map(([code, description]) => [code, { description, content: { 'application/json': { schema: { $ref: `#/components/schemas/Error${code}` } } } }]));

/** `:name` path parameters in OpenAPI's `{name}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parameters(schema: z.ZodType, where: 'query' | 'path'): Json[] {
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

function operation(name: string, def: CallDef): Json {
  const hasBody = !def.body.safeParse(undefined).success;
  const body = hasBody ? jsonSchema(def.body, 'input') : undefined;
  const multipart = Object.values((body?.properties ?? {}) as Record<string, Json>).some((p) => p.contentMediaType === 'application/octet-stream');
  return {
    operationId: name,
    summary: def.summary,
    tags: [def.path.split('/')[1] ?? 'api'],
    parameters: [...parameters(def.params, 'path'), ...parameters(def.query, 'query')],
    ...(hasBody
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries((multipart ? ['multipart/form-data'] : ['application/json', 'application/x-www-form-urlencoded']).map((type) => [type, { schema: body }])),
          },
        }
      : {}),
    responses: {
      200: { description: 'Success, in the wrapper', content: { 'application/json': { schema: wrapped(jsonSchema(def.answer, 'output'), CODE.ok) } } },
      ...errorResponses(),
    },
  };
}

/** The calls that answer a file or send the browser on (not in the wrapper when they succeed). */
function outsideTheWrapper(paths: Record<string, Json>): Record<string, Json> {
  const language = { name: 'language', in: 'query', required: false, schema: { type: 'string', enum: ['0', '1'] }, description: '0 Chinese, 1 English (default)' };
  const id = (name: string, description: string) => ({ name, in: 'query', required: true, schema: { type: 'string', maxLength: 64 }, description });
  const redirect = (operationId: string, summary: string, parameters: Json[]): Json => ({
    get: {
      operationId,
      summary,
      tags: ['downloads'],
      parameters,
      responses: { 302: { description: 'Counted; Location is the static file' }, ...errorResponses() },
    },
  });
  return {
    [PATH.shipDownload]: redirect('shipCertificateDownload', "Counts a download of a vessel's certificates and sends the browser to the file", [id('shipUuid', 'A vessel id, e.g. seabridge-harmony')]),
    [HELP_PATH.scheduleDownload]: redirect('scheduleFileDownload', 'Counts a download of a schedule file and sends the browser to it', [
      id('scheduleUuid', 'A schedule file id (see /schedule/findExeclPath)'),
    ]),
    [HELP_PATH.fileDownload]: redirect('documentDownload', 'Counts a download of a document of the Downloads page and sends the browser to it', [
      id('fileStatisticsUuid', 'A document id, e.g. bl-terms'),
      { name: 'fileType', in: 'query', required: false, schema: { type: 'string' }, description: "The document's file type, checked when given" },
      language,
    ]),
    // the mails' unsubscribe link, clicked: beside the one-click POST of the contract on the same path
    [SUBSCRIBE_PATH.unsubscribe]: {
      ...paths[SUBSCRIBE_PATH.unsubscribe],
      get: {
        operationId: 'subscribeUnsubscribeLink',
        summary: "The mails' unsubscribe link clicked: unsubscribes and sends the browser to the subscription page with the result",
        tags: ['subscribe'],
        parameters: parameters(UnsubscribeQuery, 'query'),
        responses: { 303: { description: 'Location is the subscription page, with the result (unsubscribed, not subscribed or an invalid link)' } },
      },
    },
    // the alert mails' unsubscribe link, clicked: beside the one-click POST on the same path
    [TRACK_ALERT_PATH.unsubscribe]: {
      ...paths[TRACK_ALERT_PATH.unsubscribe],
      get: {
        operationId: 'trackAlertUnsubscribeLink',
        summary: "The alert mails' unsubscribe link clicked: ends the alert (the address is deleted) and sends the browser to the tracking page with the result",
        tags: ['tracking'],
        parameters: parameters(AlertUnsubscribeQuery, 'query'),
        responses: { 303: { description: 'Location is the tracking page, with ?alerts=unsubscribed or ?alerts=invalid' } },
      },
    },
    [`${SCHEDULE_PATH.pointToPoint}.xlsx`]: {
      get: {
        operationId: 'schedulePointToPointWorkbook',
        summary: 'The sailing search of /schedule/pointToPoint as an .xlsx workbook',
        tags: ['schedule'],
        parameters: [...parameters(calls.schedulePointToPoint.query, 'query'), { name: 'sort', in: 'query', required: false, schema: { type: 'string', enum: ['departure', 'transit', 'co2'] } }],
        responses: {
          200: {
            description: 'The workbook',
            content: {
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
                schema: { type: 'string', contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
              },
            },
          },
          ...errorResponses(),
        },
      },
    },
  };
}

/** The DCSA Commercial Schedules API (its own base, answers and errors as the standard has them). */
function dcsa(): Record<string, Json> {
  const op = (operationId: string, summary: string, query: z.ZodType, item: z.ZodType): Json => ({
    servers: [{ url: DCSA_BASE, description: `DCSA Commercial Schedules ${DCSA_VERSION}` }],
    get: {
      operationId,
      summary,
      tags: ['DCSA Commercial Schedules'],
      parameters: parameters(query, 'query'),
      responses: {
        200: {
          description: 'A page of results; Next-Page-Cursor (a header) asks for the next one',
          headers: { 'API-Version': { schema: { type: 'string' } }, 'Next-Page-Cursor': { schema: { type: 'string' } } },
          content: { 'application/json': { schema: { type: 'array', items: jsonSchema(item, 'output') } } },
        },
        400: { description: 'A parameter is invalid', content: { 'application/json': { schema: jsonSchema(ErrorResponse, 'output') } } },
        500: { description: 'An internal error', content: { 'application/json': { schema: jsonSchema(ErrorResponse, 'output') } } },
      },
    },
  });
  return {
    '/point-to-point-routes': op('getPointToPointRoutes', 'Dated routes from a place to a place, with CO2e per sailing', PointToPointQuery, PointToPoint),
    '/port-schedules': op('getPortSchedules', 'The calls of a port on a day', PortSchedulesQuery, PortSchedule),
    '/vessel-schedules': op('getVesselSchedules', 'Services, voyages and their calls, filtered by vessel, service, voyage or place', VesselSchedulesQuery, ServiceSchedule),
  };
}

/** The error body of TNT 2.2. */
const TNT_ERROR = {
  type: 'object',
  required: ['httpMethod', 'requestUri', 'statusCode', 'statusCodeText', 'errorDateTime', 'errors'],
  properties: {
    httpMethod: { type: 'string' },
    requestUri: { type: 'string' },
    statusCode: { type: 'integer' },
    statusCodeText: { type: 'string' },
    errorDateTime: { type: 'string', format: 'date-time' },
    errors: { type: 'array', items: { type: 'object', required: ['reason', 'message'], properties: { reason: { type: 'string' }, message: { type: 'string' } } } },
  },
};

/** The DCSA Track & Trace endpoints of the site (their own base): the store read only, and the providers' callback. */
function tnt(): Record<string, Json> {
  const servers = [{ url: TNT_BASE, description: `DCSA Track & Trace ${TNT_VERSION}` }];
  const error = { description: 'Refused: the standard’s error body names the problem', content: { 'application/json': { schema: TNT_ERROR } } };
  const events = { type: 'array', items: jsonSchema(Event, 'output') };
  const list = (name: string, description: string, values?: readonly string[]) => ({
    name,
    in: 'query',
    required: false,
    description,
    schema: values ? { type: 'string', description: `Comma-separated: ${values.join(', ')}` } : { type: 'string' },
  });
  return {
    '/events': {
      servers,
      get: {
        operationId: 'getEvents',
        summary: 'The tracking store: shipment, transport and equipment events as the carrier’s provider sent them, oldest created first',
        tags: ['DCSA Track & Trace'],
        parameters: [
          list('eventType', 'SHIPMENT, TRANSPORT or EQUIPMENT', EVENT_TYPES),
          list('shipmentEventTypeCode', 'Shipment events of these codes only', SHIPMENT_EVENT_TYPE_CODES),
          list('documentTypeCode', 'Shipment events of these documents only', DOCUMENT_TYPE_CODES),
          list('transportEventTypeCode', 'Transport events of these codes only', TRANSPORT_EVENT_TYPE_CODES),
          list('equipmentEventTypeCode', 'Equipment events of these codes only', EQUIPMENT_EVENT_TYPE_CODES),
          list('carrierBookingReference', 'A booking'),
          list('transportDocumentReference', 'A bill of lading'),
          list('equipmentReference', 'A container (ISO 6346)'),
          list('transportCallID', 'A transport call'),
          list('vesselIMONumber', 'A vessel'),
          list('exportVoyageNumber', 'A voyage'),
          list('carrierServiceCode', 'A service'),
          list('UNLocationCode', 'A place'),
          list('eventCreatedDateTime:gte', 'Created at or after (also :gt, :lte, :lt, :eq, or no operator for equal)'),
          { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT } },
          list('cursor', 'From the Next-Page header of the page before'),
        ],
        responses: {
          200: {
            description: 'A page of events; Next-Page links the next',
            headers: { 'API-Version': { schema: { type: 'string' } }, 'Next-Page': { schema: { type: 'string' } }, ETag: { schema: { type: 'string' } } },
            content: { 'application/json': { schema: events } },
          },
          400: error,
        },
      },
    },
    '/notifications': {
      servers,
      post: {
        operationId: 'postNotification',
        summary: 'The callback of the site’s subscription at the carrier’s provider: events pushed, signed with the subscription’s secret',
        tags: ['DCSA Track & Trace'],
        description:
          'Headers: Subscription-ID (the subscription’s UUID) and Notification-Signature (sha256=<hex>, the HMAC-SHA256 of the body’s bytes under the secret the site gave when it subscribed). A bad or missing signature is refused (401) and nothing is stored.',
        requestBody: { required: true, content: { 'application/json': { schema: events } } },
        responses: { 204: { description: 'Stored (committed before this answer)' }, 400: error, 401: error, 413: error },
      },
    },
  };
}

/** The examples of the document: every operation's example request, and the answers the API gave to them (by operationId). */
export interface DocumentExamples {
  requests: Partial<Record<string, ExampleRequest>>;
  answers: Partial<Record<string, { summary: string; value: unknown }>>;
}

/**
 * Puts the examples into the operations: `example` on each parameter and on the JSON request
 * body from the operation's example request, and the answer example on the 200 answer's JSON.
 */
function addExamples(paths: Record<string, Json>, examples: DocumentExamples): void {
  for (const item of Object.values(paths))
    for (const method of ['get', 'post'] as const) {
      const op = item[method] as
        | (Json & { operationId: string; parameters?: Json[]; requestBody?: { content: Record<string, Json> }; responses: Record<string, { content?: Record<string, Json> }> })
        | undefined;
      if (!op) continue;
      const request = examples.requests[op.operationId];
      if (request)
        for (const parameter of op.parameters ?? []) {
          const value = (parameter.in === 'path' ? request.params : request.query)?.[parameter.name as string];
          if (value === undefined) continue;
          // the query string carries text; the example has the type of the parameter's schema
          const type = (parameter.schema as Json | undefined)?.type;
          parameter.example = (type === 'number' || type === 'integer') && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
        }
      const json = op.requestBody?.content['application/json'];
      if (json && request?.body !== undefined) json.example = request.body;
      const answer = examples.answers[op.operationId];
      const ok = op.responses['200']?.content?.['application/json'];
      if (answer && ok) ok.examples = { example: answer };
    }
}

export function openApiDocument(apiBase: string, examples?: DocumentExamples): Json {
  const paths: Record<string, Json> = {};
  for (const [name, def] of Object.entries(calls) as [string, CallDef][]) {
    const path = openApiPath(def.path);
    paths[path] = { ...(paths[path] ?? {}), [def.method.toLowerCase()]: operation(name, def) };
  }
  Object.assign(paths, outsideTheWrapper(paths), dcsa(), tnt());
  if (examples) addExamples(paths, examples);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Seabridge Container Lines website API',
      version: '1.0.0',
      description:
        'The API behind the website: routes, vessels, offices, news, help centre, forms, carbon calculator, schedules and newsletter. ' +
        'Every answer is the wrapper `{ code, message, data: { content } }`; the HTTP status follows the wire code for errors. ' +
        '`language=0` asks for Chinese and `language=1` (the default) for English. State-changing form posts must come from the site itself. ' +
        `The DCSA Commercial Schedules calls (tag "DCSA Commercial Schedules") have their own base, ${DCSA_BASE}, and answer as the DCSA standard ${DCSA_VERSION} says; ` +
        `the DCSA Track & Trace calls (tag "DCSA Track & Trace") theirs, ${TNT_BASE}, as the standard ${TNT_VERSION} says. ` +
        "Each call shows an example request with real ids of the published content; the example answers are the API's own answers to them, made by this server when it built the document (long lists cut to their first items). " +
        'Calls that write, count, mail or need a code, a captcha or a signed link show their request only.',
    },
    servers: [{ url: apiBase }],
    paths,
    components: {
      schemas: Object.fromEntries(
        Object.keys(ERRORS).map((code) => [
          `Error${code}`,
          wrapped({ type: 'null' }, code, { code, message: ERRORS[code], data: { content: null }, requestId: '3b0f8f5e-6c1d-4f3a-9a57-2d4c1e8b7a90' }),
        ]),
      ),
    },
  };
}
