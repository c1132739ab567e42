import type { z } from 'zod';
import { calls, type CallDef } from '../contract/calls';
import { exampleRequests, exampleUrl, NO_LIVE_EXAMPLE, OTHER_OPERATIONS, type ExampleRequest, type OperationId } from '../contract/examples';
import { CODE } from '../contract/wire';

/**
 * The answer examples of the OpenAPI document, made by the API itself: each example request of
 * src/contract/examples.ts (but those of NO_LIVE_EXAMPLE) is sent to the app in process, and the
 * answer, when it is a success, becomes the example of the operation's 200 answer: the whole
 * wrapper for a call of the contract, the bare list for a DCSA call, its lists cut to their first
 * LIST_ITEMS items. Nothing of an answer is written by hand, so an example cannot drift from the
 * API. src/server/routes/openapi.ts runs this once per process, when the document is first asked for.
 *
 * The calls go through the app's whole pipeline, rate limits included. The only live call counted
 * by a rate limit, getCity (RATE_LIMIT_CARBON_CITY), is counted under EXAMPLE_CLIENT_ADDRESS, a
 * client key that no visitor's address can be (an address is an IP address or "unknown"): once per
 * process it costs that key one request, and it never takes one from a visitor. The calls that
 * count or write anything else are in NO_LIVE_EXAMPLE.
 */

/** How many items of a list an example keeps. */
export const LIST_ITEMS = 2;

/** The client the examples' calls come from, for the rate limits (src/server/forms/client-address.ts). */
export const EXAMPLE_CLIENT_ADDRESS = 'internal:openapi-examples';

/** Sends a request to one of the APIs in process: the path (with its query) is relative to that API's base. */
export type ExampleCaller = (pathAndQuery: string, init?: RequestInit) => Response | Promise<Response>;

export interface AnswerExample {
  summary: string;
  /** The answer as the API gave it (the wrapper for the wire API), lists cut. */
  value: unknown;
}

/** An operation answered to make its example: where it is, and the schema of its answer (the content, for the wire API). */
export interface LiveOperation {
  id: OperationId;
  method: 'GET' | 'POST';
  path: string;
  api: 'wire' | 'dcsa';
  answer: z.ZodType;
}

/** The operations that get a live example: every call of `calls` and every DCSA call, but those of NO_LIVE_EXAMPLE. */
export function liveOperations(): LiveOperation[] {
  const wire = (Object.entries(calls) as [OperationId, CallDef][]).map(([id, def]) => ({ id, method: def.method, path: def.path, api: 'wire' as const, answer: def.answer }));
  const other = (Object.entries(OTHER_OPERATIONS) as [OperationId, { method: 'GET' | 'POST'; path: string; api: 'wire' | 'dcsa' | 'tnt'; answer?: z.ZodType }][]).flatMap(([id, op]) =>
    op.answer && op.api !== 'tnt' ? [{ id, method: op.method, path: op.path, api: op.api, answer: op.answer }] : [],
  );
  return [...wire, ...other].filter((op) => !NO_LIVE_EXAMPLE[op.id]);
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType | undefined): Def | undefined => (schema as unknown as { _zod?: { def: Def } } | undefined)?._zod?.def;

/**
 * The value with every list of it cut to its first LIST_ITEMS items (never below the list's own
 * minimum), guided by the schema: a tuple is not a list and keeps its items. `cut` tells whether
 * anything was left out.
 */
export function cutLists(value: unknown, schema: z.ZodType | undefined, cut = { any: false }): unknown {
  const def = defOf(schema);
  if (!def || value === null || value === undefined) return value;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return cutLists(value, def.innerType as z.ZodType, cut);
    case 'lazy':
      return cutLists(value, (def.getter as () => z.ZodType)(), cut);
    case 'pipe':
      return cutLists(value, def.out as z.ZodType, cut);
    case 'union':
      return cutLists(
        value,
        (def.options as z.ZodType[]).find((option) => option.safeParse(value).success),
        cut,
      );
    case 'tuple':
      return Array.isArray(value) ? value.map((item, i) => cutLists(item, (def.items as z.ZodType[])[i] ?? (def.rest as z.ZodType | undefined), cut)) : value;
    case 'array': {
      if (!Array.isArray(value)) return value;
      const minimum = (schema as unknown as { _zod: { bag: { minimum?: number } } })._zod.bag.minimum ?? 0;
      const keep = Math.max(LIST_ITEMS, minimum);
      if (value.length > keep) cut.any = true;
      return value.slice(0, keep).map((item) => cutLists(item, def.element as z.ZodType, cut));
    }
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return value;
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cutLists(item, shape[key] ?? (def.catchall as z.ZodType | undefined), cut)]));
    }
    case 'record':
      if (typeof value !== 'object' || Array.isArray(value)) return value;
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cutLists(item, def.valueType as z.ZodType, cut)]));
    default:
      return value;
  }
}

/** Asks one example of its API; answers the example, or why there is none. */
async function answerExample(op: LiveOperation, request: ExampleRequest, callers: Record<'wire' | 'dcsa', ExampleCaller>): Promise<AnswerExample | { failure: string }> {
  const url = exampleUrl(op.path, request);
  const init: RequestInit =
    op.method === 'POST'
      ? { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(request.body ?? {}) }
      : { headers: { accept: 'application/json' } };
  const asked = `${op.method} ${url}`;
  let response: Response;
  let text: string;
  try {
    response = await callers[op.api](url, init);
    text = await response.text();
  } catch (error) {
    return { failure: `${asked}: ${(error as Error)?.message ?? String(error)}` };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { failure: `${asked}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}` };
  }
  const cut = { any: false };
  let value: unknown;
  if (op.api === 'wire') {
    const wrapper = body as { code?: unknown; message?: unknown; data?: { content?: unknown } };
    if (response.status !== 200 || wrapper.code !== CODE.ok) return { failure: `${asked}: HTTP ${response.status}, code ${String(wrapper.code)}: ${String(wrapper.message).slice(0, 300)}` };
    value = { code: wrapper.code, message: wrapper.message, data: { content: cutLists(wrapper.data?.content, op.answer, cut) } };
  } else {
    if (response.status !== 200 || !Array.isArray(body)) return { failure: `${asked}: HTTP ${response.status}: ${text.slice(0, 300)}` };
    value = cutLists(body, op.answer, cut);
  }
  return { summary: `${asked}: the API's own answer${cut.any ? `, its lists cut to their first ${LIST_ITEMS} items` : ''}`, value };
}

export interface Examples {
  /** Every operation's example request. */
  requests: Record<OperationId, ExampleRequest>;
  /** The answer examples made. */
  answers: Partial<Record<OperationId, AnswerExample>>;
  /** The live examples that could not be made, and why (an example request that did not answer success). */
  failures: Partial<Record<OperationId, string>>;
}

/** Makes the examples of the document for a day (YYYY-MM-DD, UTC): the requests, and the API's answers to them. */
export async function makeExamples(today: string, callers: Record<'wire' | 'dcsa', ExampleCaller>): Promise<Examples> {
  const requests = exampleRequests(today);
  const answers: Examples['answers'] = {};
  const failures: Examples['failures'] = {};
  await Promise.all(
    liveOperations().map(async (op) => {
      const made = await answerExample(op, requests[op.id], callers);
      if ('failure' in made) failures[op.id] = made.failure;
      else answers[op.id] = made;
    }),
  );
  return { requests, answers, failures };
}
