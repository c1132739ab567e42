import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import aws4 from 'aws4';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALIBABA_BATCH, alibabaPurger, percentEncode } from '../../src/edge/alibaba';
import { cloudflarePurger } from '../../src/edge/cloudflare';
import { CLOUDFRONT_BATCH, cloudfrontPurger } from '../../src/edge/cloudfront';
import { fastlyPurger } from '../../src/edge/fastly';
import { edgePurgerFromEnv } from '../../src/edge/purge';
import { createHmac } from 'node:crypto';

/**
 * The requests each CDN adapter makes (src/edge/), received by an in-process HTTP server standing
 * where the provider's API stands: path, method, body, batching limit and authentication, as each
 * provider documents them; a refusal becomes an error naming the provider's answer and never the
 * credential. Varnish's adapter is tested against a real varnishd (tests/api/edge.test.ts).
 */

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const seen: Seen[] = [];
let answer: (s: Seen) => [number, string] = () => [200, '{}'];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const s = { method: req.method!, path: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() };
    seen.push(s);
    const [status, body] = answer(s);
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
});
let api: string;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => {
  seen.length = 0;
});
const paths = (n: number) => Array.from({ length: n }, (_, i) => `/en/home/News/detail/${i}/`);

describe('Cloudflare', () => {
  const zoneId = '023e105f4ecef8ad9ca31a8372d0c353';
  const secret = 'cf-token-secret-1234567890';
  it('POSTs the full URLs as {"files"} to the zone’s purge_cache, 100 a call, with the API token as a Bearer', async () => {
    answer = () => [200, JSON.stringify({ success: true, errors: [], result: { id: zoneId } })];
    await cloudflarePurger({ zoneId, apiToken: secret, site: 'https://www.example.com', api }).purge(paths(250));
    expect(seen).toHaveLength(3);
    for (const s of seen) {
      expect(s.method).toBe('POST');
      expect(s.path).toBe(`/client/v4/zones/${zoneId}/purge_cache`);
      expect(s.headers.authorization).toBe(`Bearer ${secret}`);
      expect(s.headers['content-type']).toBe('application/json');
    }
    const files = seen.flatMap((s) => JSON.parse(s.body).files as string[]);
    expect(seen.map((s) => JSON.parse(s.body).files.length).sort((a, b) => a - b)).toEqual([50, 100, 100]);
    expect(files.sort()).toEqual(
      paths(250)
        .map((p) => `https://www.example.com${p}`)
        .sort(),
    );
  });
  it('a refusal names Cloudflare’s error, never the token', async () => {
    answer = () => [200, JSON.stringify({ success: false, errors: [{ code: 1012, message: 'Request must contain one of "purge_everything", "files"' }] })];
    const error = await cloudflarePurger({ zoneId, apiToken: secret, site: 'https://www.example.com', api })
      .purge(['/'])
      .catch((e: Error) => e);
    expect(String(error)).toMatch(/cloudflare refused the purge: Request must contain/);
    answer = () => [403, JSON.stringify({ success: false, errors: [{ code: 10000, message: 'Authentication error' }] })];
    const denied = await cloudflarePurger({ zoneId, apiToken: secret, site: 'https://www.example.com', api })
      .purge(['/'])
      .catch((e: Error) => e);
    expect(String(denied)).toMatch(/cloudflare answered 403/);
    expect(String(denied)).not.toContain(secret);
  });
});

describe('Amazon CloudFront', () => {
  const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
  it('CreateInvalidation: an InvalidationBatch of up to 1,000 paths a call, signed with SigV4 for cloudfront in us-east-1', async () => {
    answer = () => [201, '<Invalidation><Id>I2J0I21PCUYOIK</Id><Status>InProgress</Status></Invalidation>'];
    let n = 0;
    await cloudfrontPurger({ distributionId: 'EDFDVBD6EXAMPLE', ...credentials, api, reference: () => `ref-${++n}` }).purge(paths(CLOUDFRONT_BATCH + 5));
    expect(seen).toHaveLength(2);
    for (const s of seen) {
      expect(s.method).toBe('POST');
      expect(s.path).toBe('/2020-05-31/distribution/EDFDVBD6EXAMPLE/invalidation');
      expect(s.headers['content-type']).toBe('application/xml');
      expect(s.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/cloudfront\/aws4_request, SignedHeaders=[a-z;-]+, Signature=[0-9a-f]{64}$/);
      expect(s.headers.authorization).not.toContain(credentials.secretAccessKey);
      // the signature checks out: the same request signed again at the same time gives the same one
      const again = aws4.sign(
        {
          host: new URL(api).host,
          path: s.path,
          method: 'POST',
          service: 'cloudfront',
          region: 'us-east-1',
          body: s.body,
          headers: { 'content-type': 'application/xml', 'X-Amz-Date': String(s.headers['x-amz-date']) },
        },
        credentials,
      );
      expect(again.headers?.Authorization).toBe(s.headers.authorization);
    }
    const quantities = seen.map((s) => Number(/<Quantity>(\d+)<\/Quantity>/.exec(s.body)?.[1]));
    expect(quantities).toEqual([CLOUDFRONT_BATCH, 5]);
    expect(seen.map((s) => [...s.body.matchAll(/<Path>/g)].length)).toEqual([CLOUDFRONT_BATCH, 5]);
    expect(seen[0].body).toContain('<InvalidationBatch xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/">');
    expect(seen.map((s) => /<CallerReference>([^<]+)</.exec(s.body)?.[1])).toEqual(['ref-1', 'ref-2']);
  });
  it('a refusal names CloudFront’s answer, never the secret', async () => {
    answer = () => [400, '<ErrorResponse><Error><Code>TooManyInvalidationsInProgress</Code></Error></ErrorResponse>'];
    const error = await cloudfrontPurger({ distributionId: 'EDFDVBD6EXAMPLE', ...credentials, api })
      .purge(['/'])
      .catch((e: Error) => e);
    expect(String(error)).toMatch(/cloudfront answered 400: .*TooManyInvalidationsInProgress/);
    expect(String(error)).not.toContain(credentials.secretAccessKey);
  });
});

describe('Fastly', () => {
  const token = 'fastly-token-abcdef';
  it('POSTs /purge/{host}{path} for each URL with the Fastly-Key header (soft purge when asked)', async () => {
    answer = () => [200, JSON.stringify({ status: 'ok', id: '108-1391560174-974124' })];
    await fastlyPurger({ apiToken: token, host: 'www.example.com', api }).purge(paths(12));
    expect(seen).toHaveLength(12);
    expect(seen.map((s) => s.path).sort()).toEqual(
      paths(12)
        .map((p) => `/purge/www.example.com${p}`)
        .sort(),
    );
    for (const s of seen) {
      expect(s.method).toBe('POST');
      expect(s.headers['fastly-key']).toBe(token);
      expect(s.headers['fastly-soft-purge']).toBeUndefined();
    }
    seen.length = 0;
    await fastlyPurger({ apiToken: token, host: 'www.example.com', api, soft: true }).purge(['/']);
    expect(seen[0].headers['fastly-soft-purge']).toBe('1');
  });
  it('a refusal names Fastly’s answer, never the token', async () => {
    answer = () => [401, JSON.stringify({ msg: 'Provided credentials are missing or invalid' })];
    const error = await fastlyPurger({ apiToken: token, host: 'www.example.com', api })
      .purge(['/'])
      .catch((e: Error) => e);
    expect(String(error)).toMatch(/fastly answered 401: .*credentials are missing/);
    expect(String(error)).not.toContain(token);
  });
});

describe('Alibaba Cloud CDN', () => {
  const key = { accessKeyId: 'testid', accessKeySecret: 'testsecret' };
  it('RefreshObjectCaches: a form POST of up to 1,000 URLs a line each, ObjectType File, signed with signature v1 (HMAC-SHA1)', async () => {
    answer = () => [200, JSON.stringify({ RequestId: 'D61E4801-EAFF-4A63-AAE1-FBF6CE1CFD1C', RefreshTaskId: '704222904' })];
    await alibabaPurger({ ...key, site: 'https://www.example.com', api, now: () => new Date('2026-11-28T08:00:00.123Z'), nonce: () => 'nonce-1' }).purge(paths(ALIBABA_BATCH + 1));
    expect(seen).toHaveLength(2);
    for (const s of seen) {
      expect(s.method).toBe('POST');
      expect(s.path).toBe('/');
      expect(s.headers['content-type']).toBe('application/x-www-form-urlencoded');
      const params = Object.fromEntries(new URLSearchParams(s.body));
      expect(params).toMatchObject({
        Action: 'RefreshObjectCaches',
        Version: '2018-05-10',
        ObjectType: 'File',
        AccessKeyId: 'testid',
        SignatureMethod: 'HMAC-SHA1',
        SignatureVersion: '1.0',
        Timestamp: '2026-11-28T08:00:00Z',
      });
      expect(s.body).not.toContain('testsecret');
      // the signature as the documentation computes it: the sorted, encoded parameters, "POST&%2F&…", key secret + "&"
      const { Signature, ...rest } = params;
      const canonical = Object.keys(rest)
        .sort()
        .map((k) => `${percentEncode(k)}=${percentEncode(rest[k])}`)
        .join('&');
      expect(Signature).toBe(
        createHmac('sha1', 'testsecret&')
          .update(`POST&%2F&${percentEncode(canonical)}`)
          .digest('base64'),
      );
    }
    const urls = seen.map((s) => new URLSearchParams(s.body).get('ObjectPath')!.split('\n'));
    expect(urls.map((u) => u.length)).toEqual([ALIBABA_BATCH, 1]);
    expect(urls.flat().sort()).toEqual(
      paths(ALIBABA_BATCH + 1)
        .map((p) => `https://www.example.com${p}`)
        .sort(),
    );
  });
  it('percent-encodes as RFC 3986 asks (the documentation’s examples)', () => {
    expect(percentEncode("a b*~!'()")).toBe('a%20b%2A~%21%27%28%29');
    expect(percentEncode('中')).toBe('%E4%B8%AD');
  });
  it('a refusal names Alibaba’s code, never the secret', async () => {
    answer = () => [400, JSON.stringify({ Code: 'InvalidObjectPath.Malformed', Message: 'Specified ObjectPath is malformed.' })];
    const error = await alibabaPurger({ ...key, site: 'https://www.example.com', api })
      .purge(['/'])
      .catch((e: Error) => e);
    expect(String(error)).toMatch(/alibaba answered 400: .*InvalidObjectPath/);
    expect(String(error)).not.toContain('testsecret');
  });
});

describe('EDGE_PURGE', () => {
  it('chooses the adapter and names a missing setting', () => {
    expect(edgePurgerFromEnv({})).toBeNull();
    expect(edgePurgerFromEnv({ EDGE_PURGE: 'none' })).toBeNull();
    expect(edgePurgerFromEnv({ EDGE_PURGE: 'varnish', EDGE_VARNISH_URL: 'http://127.0.0.1:6081' })?.name).toBe('varnish');
    expect(edgePurgerFromEnv({ EDGE_PURGE: 'fastly', EDGE_FASTLY_API_TOKEN: 'x', EDGE_FASTLY_HOST: 'www.example.com' })?.name).toBe('fastly');
    expect(() => edgePurgerFromEnv({ EDGE_PURGE: 'cloudflare', EDGE_SITE_URL: 'https://www.example.com' })).toThrow(/EDGE_PURGE=cloudflare needs EDGE_CLOUDFLARE_ZONE_ID/);
    expect(() => edgePurgerFromEnv({ EDGE_PURGE: 'akamai' })).toThrow(/EDGE_PURGE must be one of/);
    expect(() => edgePurgerFromEnv({ EDGE_PURGE: 'alibaba', EDGE_ALIBABA_ACCESS_KEY_ID: 'a', EDGE_ALIBABA_ACCESS_KEY_SECRET: 'b', EDGE_SITE_URL: 'https://www.example.com/zh' })).toThrow(/origin/);
  });
});
