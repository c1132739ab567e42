import { createHmac, randomUUID } from 'node:crypto';
import { batches, type EdgePurger, eachAtOnce } from './purger';
import { providerCall, siteOrigin } from './http';

/**
 * Alibaba Cloud CDN: RefreshObjectCaches (API version 2018-05-10), a form POST to cdn.aliyuncs.com
 * with ObjectType=File and ObjectPath the full URLs one a line, signed with the RPC signature v1
 * (HMAC-SHA1 over the sorted, percent-encoded parameters; the key is the AccessKey secret and "&").
 * Up to 1,000 URLs a call (the documented per-request limit; 10,000 a day by default), two calls at a
 * time (50 a second per account). The edge keeps every encoding under one URL.
 */
export const ALIBABA_BATCH = 1000;

/** RFC 3986 percent-encoding, as the signature v1 asks. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The signature v1 of a request's parameters (without Signature). */
export function signatureV1(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

export function alibabaPurger(options: { accessKeyId: string; accessKeySecret: string; site: string; api?: string; now?: () => Date; nonce?: () => string }): EdgePurger {
  const origin = siteOrigin(options.site, 'EDGE_SITE_URL');
  const api = (options.api ?? 'https://cdn.aliyuncs.com').replace(/\/$/, '');
  return {
    name: 'alibaba',
    batch: ALIBABA_BATCH,
    purge: (paths) =>
      eachAtOnce(batches(paths, ALIBABA_BATCH), 2, async (part) => {
        const params: Record<string, string> = {
          Action: 'RefreshObjectCaches',
          Version: '2018-05-10',
          Format: 'JSON',
          AccessKeyId: options.accessKeyId,
          SignatureMethod: 'HMAC-SHA1',
          SignatureVersion: '1.0',
          SignatureNonce: options.nonce?.() ?? randomUUID(),
          Timestamp: (options.now?.() ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          ObjectType: 'File',
          ObjectPath: part.map((p) => `${origin}${p}`).join('\n'),
        };
        params.Signature = signatureV1('POST', params, options.accessKeySecret);
        const text = await providerCall('alibaba', `${api}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(params).toString(),
        });
        const answer = JSON.parse(text) as { RefreshTaskId?: string; Code?: string; Message?: string };
        if (!answer.RefreshTaskId) throw new Error(`alibaba refused the refresh: ${answer.Code ?? ''} ${answer.Message ?? text.slice(0, 200)}`.trim());
      }),
  };
}
