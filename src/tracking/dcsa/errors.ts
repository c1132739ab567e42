import type { ErrorResponse } from './schemas';

/**
 * The error body of DCSA Track & Trace 2.2 (the document's `error` schema): the request, the status
 * and each problem with a reason and a message naming what is wrong. Both the reference provider
 * (src/tracking/provider/app.ts) and the site's own TNT endpoints (src/server/dcsa/tnt-app.ts) answer
 * refusals with it, and check the request's API-Version alike.
 */

/** One problem of a refusal: why (a short code) and what, the message starting with the parameter, header or property. */
export interface TntError {
  reason: string;
  message: string;
}

/** A problem named by its parameter, header or property: `name: message`. */
export const tntError = (name: string, message: string, reason = 'invalidParameter'): TntError => ({ reason, message: `${name}: ${message}` });

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function tntErrorBody(method: string, uri: string, status: number, errors: readonly TntError[], now = new Date()): ErrorResponse {
  return {
    httpMethod: method,
    requestUri: uri.slice(0, 2000),
    statusCode: status,
    statusCodeText: STATUS_TEXT[status] ?? 'Error',
    errorDateTime: now.toISOString(),
    errors: errors.map((e) => ({ reason: e.reason, message: e.message.slice(0, 1000) })),
  };
}

/**
 * The problem with a request's API-Version header, if any: the standard asks for the major version
 * only, and 2.2.0 is read as 2; no header is fine.
 */
export function apiVersionError(asked: string | undefined): TntError | undefined {
  if (asked === undefined || /^\s*2(\.\d+){0,2}\s*$/.test(asked)) return undefined;
  return tntError('API-Version', `${JSON.stringify(asked.slice(0, 20))} is not major version 2 (the version of the URI, 2.2.0): send API-Version: 2 or none`, 'invalidHeader');
}
