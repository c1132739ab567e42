import { z } from 'zod';
import { calls } from './calls';
import type { CallDef } from './define';
import { HELP_PATH } from './help-paths';
import { SCHEDULE_PATH } from './schedule-paths';
import { SUBSCRIBE_PATH, UnsubscribeQuery } from './subscribe';
import { CODE, PATH } from './wire';
import { DCSA_BASE, DCSA_VERSION, ErrorResponse, PointToPoint, PointToPointQuery, PortSchedule, PortSchedulesQuery, ServiceSchedule, VesselSchedulesQuery } from '../schedules/dcsa/schemas';

/**
 * The OpenAPI 3.1 document of the public API, made from the contract itself: every call of
 * `calls` with its query, path and body schemas and its answer's content, each through zod 4's
 * JSON Schema output (JSON Schema 2020-12, which OpenAPI 3.1 uses as is), inside the wrapper
 * `{ code, message, data: { content } }`; the error codes with the wrapper they come in; and the
 * four download calls that answer a file or a redirect instead of the wrapper; and the DCSA
 * Commercial Schedules calls under /dcsa/cs/v1 (their own server, the standard's shapes, from the
 * zod schemas in src/schedules/dcsa/schemas.ts). Served at
 * `{apiBase}/openapi.json` and read by the reference page at `{apiBase}/docs`
 * (src/server/routes/openapi.ts).
 */

type Json = Record<string, unknown>;

/** A schema as JSON Schema 2020-12; what JSON Schema cannot say (a transform, a refinement) is left open rather than refused. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
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
  return {
    operationId: name,
    summary: def.summary,
    tags: [def.path.split('/')[1] ?? 'api'],
    parameters: [...parameters(def.params, 'path'), ...parameters(def.query, 'query')],
    ...(hasBody
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(['application/json', 'application/x-www-form-urlencoded'].map((type) => [type, { schema: jsonSchema(def.body, 'input') }])),
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
  const redirect = (summary: string, parameters: Json[]): Json => ({
    get: {
      operationId: summary
        .replace(/\W+/g, ' ')
        .trim()
        .split(' ')
        .map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w.toLowerCase()))
        .join(''),
      summary,
      tags: ['downloads'],
      parameters,
      responses: { 302: { description: 'Counted; Location is the static file' }, ...errorResponses() },
    },
  });
  return {
    [PATH.shipDownload]: redirect("Counts a download of a vessel's certificates and sends the browser to the file", [id('shipUuid', 'A vessel id, e.g. seabridge-harmony')]),
    [HELP_PATH.scheduleDownload]: redirect('Counts a download of a schedule file and sends the browser to it', [id('scheduleUuid', 'A schedule file id (see /schedule/findExeclPath)')]),
    [HELP_PATH.fileDownload]: redirect('Counts a download of a document of the Downloads page and sends the browser to it', [
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

export function openApiDocument(apiBase: string): Json {
  const paths: Record<string, Json> = {};
  for (const [name, def] of Object.entries(calls) as [string, CallDef][]) {
    const path = openApiPath(def.path);
    paths[path] = { ...(paths[path] ?? {}), [def.method.toLowerCase()]: operation(name, def) };
  }
  Object.assign(paths, outsideTheWrapper(paths), dcsa());
  return {
    openapi: '3.1.0',
    info: {
      title: 'Seabridge Container Lines website API',
      version: '1.0.0',
      description:
        'The API behind the website: routes, vessels, offices, news, help centre, forms, carbon calculator, schedules and newsletter. ' +
        'Every answer is the wrapper `{ code, message, data: { content } }`; the HTTP status follows the wire code for errors. ' +
        '`language=0` asks for Chinese and `language=1` (the default) for English. State-changing form posts must come from the site itself. ' +
        `The DCSA Commercial Schedules calls (tag "DCSA Commercial Schedules") have their own base, ${DCSA_BASE}, and answer as the DCSA standard ${DCSA_VERSION} says.`,
    },
    servers: [{ url: apiBase }],
    paths,
    components: {
      schemas: Object.fromEntries(Object.keys(ERRORS).map((code) => [`Error${code}`, wrapped({ type: 'null' }, code, { code, message: ERRORS[code], data: { content: null } })])),
    },
  };
}
