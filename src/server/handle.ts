import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { type CallDef, type CallAnswer, describeIssues } from '../contract/calls';
import { CODE, fail, ok, type Code } from '../contract/wire';
import { sayIfKey } from './forms/messages';
import { requestIdOf } from '../observability/requests.mjs';

/** An error a handler throws to answer a given code and message in the wrapper. */
export class WireError extends Error {
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}

/** What a handler returns to answer its content with a message of its own instead of 'success'. */
export class Answer<T> {
  constructor(
    readonly content: T,
    readonly message: string,
  ) {}
}

/** HTTP status that goes with a wire code. */
export function httpStatus(code: string): ContentfulStatusCode {
  const n = Number(code);
  return (n >= 400 && n <= 599 ? n : 200) as ContentfulStatusCode;
}

/** The request's id (X-Request-Id: the one it came with, or the one scripts/start.mjs gave it), else a new one. */
export function requestIdOfContext(c: Context): string {
  return requestIdOf(c.req.header('x-request-id'));
}

/** An answer of a code other than 200 in the wrapper; an error (4xx, 5xx) carries the request's id (the one in its log line and X-Request-Id header). */
export function answerError(c: Context, code: Code, message: string) {
  const status = httpStatus(code);
  return c.json(status >= 400 ? { ...fail(code, message), requestId: requestIdOfContext(c) } : fail(code, message), status);
}

export interface HandlerInput<C extends CallDef> {
  query: z.output<C['query']>;
  params: z.output<C['params']>;
  body: z.output<C['body']>;
  /** 0 Chinese, 1 English (English when the request names none). */
  language: 0 | 1;
  c: Context;
}

async function readBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      return await c.req.json();
    } catch {
      throw new WireError(CODE.badRequest, 'body: not valid JSON');
    }
  }
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    const form = await c.req.parseBody();
    return Object.keys(form).length ? form : undefined;
  }
  const text = await c.req.text();
  if (text.trim()) throw new WireError(CODE.badRequest, 'body: send application/json or a form');
  return undefined;
}

/**
 * Registers a call of the contract on a router: the request is validated with
 * the call's schemas (code 400 naming the field on failure), the handler's
 * result is wrapped, and a WireError becomes its code and message.
 */
export function handle<C extends CallDef>(
  router: Hono,
  def: C,
  handler: (input: HandlerInput<C>) => Promise<CallAnswer<C> | Answer<CallAnswer<C>>> | CallAnswer<C> | Answer<CallAnswer<C>>,
  /** false: the caller answers the other method itself (a path that takes both, on routers of its own). */
  options: { answerOtherMethod?: boolean } = {},
): void {
  const method = def.method === 'GET' ? 'get' : 'post';
  router[method](def.path, async (c) => {
    try {
      const query = def.query.safeParse(c.req.query());
      if (!query.success) {
        // Rules shared with the islands answer dictionary keys: say them in the request's language.
        const said = new z.ZodError(query.error.issues.map((issue) => ({ ...issue, message: sayIfKey(issue.message, c.req.query('language') === '0' ? 0 : 1) })));
        return answerError(c, CODE.badRequest, describeIssues(said, 'query'));
      }
      const params = def.params.safeParse(c.req.param());
      if (!params.success) return answerError(c, CODE.badRequest, describeIssues(params.error, 'path'));
      const language = ((query.data as { language?: 0 | 1 }).language ?? 1) as 0 | 1;
      const rawBody = def.method === 'POST' ? await readBody(c) : undefined;
      const body = def.body.safeParse(rawBody);
      if (!body.success) {
        // Rules shared with the islands answer dictionary keys: say them in the request's language.
        const localised = new z.ZodError(body.error.issues.map((issue) => ({ ...issue, message: sayIfKey(issue.message, language) })));
        return answerError(c, CODE.badRequest, describeIssues(localised, 'body'));
      }
      const content = await handler({ query: query.data, params: params.data, body: body.data, language, c } as HandlerInput<C>);
      if (content instanceof Answer) return c.json(ok(content.content, content.message));
      // a download (a staff call's file): answered as it is
      if (content instanceof Response) return content;
      return c.json(ok(content));
    } catch (error) {
      if (error instanceof WireError) return answerError(c, error.code, error.message);
      throw error;
    }
  });
  if (options.answerOtherMethod === false) return;
  // The other method on a known path answers 405 in the wrapper rather than 404.
  const other = def.method === 'GET' ? 'post' : 'get';
  router[other](def.path, (c) => answerError(c, CODE.methodNotAllowed, `${def.path} takes ${def.method}`));
}
