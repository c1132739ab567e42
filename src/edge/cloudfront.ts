import { randomUUID } from 'node:crypto';
import aws4 from 'aws4';
import { batches, type EdgePurger, eachAtOnce } from './purger';
import { providerCall } from './http';

/**
 * Amazon CloudFront: CreateInvalidation, POST /2020-05-31/distribution/{Id}/invalidation with an
 * InvalidationBatch (XML: the paths, and a CallerReference that makes a retry of the same batch not a
 * second invalidation), signed with AWS Signature Version 4 (aws4; service cloudfront, region
 * us-east-1). At most 3,000 file paths in progress per distribution: 1,000 per call, one call at a
 * time. CloudFront keeps every encoding under the path (the cache key's Accept-Encoding normalised).
 */
export const CLOUDFRONT_BATCH = 1000;

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function cloudfrontPurger(options: { distributionId: string; accessKeyId: string; secretAccessKey: string; sessionToken?: string; api?: string; reference?: () => string }): EdgePurger {
  if (!/^[A-Z0-9]{8,20}$/.test(options.distributionId)) throw new Error("EDGE_CLOUDFRONT_DISTRIBUTION_ID must be the distribution's id, like E2QWRUHAPOMQZL");
  const api = new URL(options.api ?? 'https://cloudfront.amazonaws.com');
  return {
    name: 'cloudfront',
    batch: CLOUDFRONT_BATCH,
    purge: (paths) =>
      eachAtOnce(batches(paths, CLOUDFRONT_BATCH), 1, async (part) => {
        const path = `/2020-05-31/distribution/${options.distributionId}/invalidation`;
        const body = `<?xml version="1.0" encoding="UTF-8"?>\n<InvalidationBatch xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Paths><Quantity>${part.length}</Quantity><Items>${part
          .map((p) => `<Path>${xml(p)}</Path>`)
          .join('')}</Items></Paths><CallerReference>${xml(options.reference?.() ?? randomUUID())}</CallerReference></InvalidationBatch>`;
        const signed = aws4.sign(
          { host: api.host, path, method: 'POST', service: 'cloudfront', region: 'us-east-1', body, headers: { 'content-type': 'application/xml' } },
          { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, sessionToken: options.sessionToken },
        );
        const headers = Object.fromEntries(Object.entries(signed.headers ?? {}).map(([k, v]) => [k, String(v)]));
        delete headers.Host;
        delete headers['Content-Length'];
        await providerCall('cloudfront', `${api.origin}${path}`, { method: 'POST', headers, body });
      }),
  };
}
