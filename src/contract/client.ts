import type { z } from 'zod';
import { type CallDef, type CallAnswer, type CallBody, type CallParams, type CallQuery, describeIssues, fillPath } from './calls';
import { ApiError, apiFetch, defaultTarget, type ApiTarget } from './fetch';

/**
 * The typed client: calls a definition from ./calls.ts through the one fetch
 * wrapper and validates the answer with the call's zod schema, so a backend
 * that answers something else is caught at the edge.
 */
export interface CallInput<C extends CallDef> {
  query?: CallQuery<C>;
  params?: CallParams<C>;
  body?: CallBody<C>;
  /** Send the body form-encoded (the existing backend's forms) instead of JSON. */
  form?: boolean;
  signal?: AbortSignal;
  keepalive?: boolean;
}

export function createClient(options: { target?: ApiTarget; language?: 0 | 1 } = {}) {
  const target = options.target ?? defaultTarget();
  return {
    target,
    async call<C extends CallDef>(def: C, input: CallInput<C> = {}): Promise<CallAnswer<C>> {
      const path = fillPath(def.path, (input.params ?? {}) as Record<string, string | number>);
      const body = input.body === undefined ? undefined : input.form ? { form: input.body as Record<string, string> } : { json: input.body as unknown };
      const content = await apiFetch(
        path,
        {
          method: def.method,
          query: input.query as Record<string, string | number | undefined>,
          body,
          language: options.language,
          signal: input.signal,
          keepalive: input.keepalive,
        },
        target,
      );
      const parsed = (def.answer as z.ZodType).safeParse(content);
      if (!parsed.success) {
        throw new ApiError('BAD_ANSWER', `Unexpected answer from ${def.path}: ${describeIssues(parsed.error, 'content')}`);
      }
      return parsed.data as CallAnswer<C>;
    },
  };
}
export type Client = ReturnType<typeof createClient>;
