// Compression of the static pages, stylesheets, scripts and SVGs that `npm start` serves (Astro's
// standalone handler sends them as they are on disk), as a CDN in front of dist/client does:
// gzip for a browser that accepts it, only for text types, never for a range or an empty answer.
// The API's answers are left as they are (they go past this: scripts/start.mjs).
import { createGzip, constants } from 'node:zlib';

const TEXT = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * Wraps a response so that a text body goes out gzipped when the request accepts it.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function compressStatic(req, res) {
  if (req.method !== 'GET' || req.headers.range || !/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return;
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const writeHead = res.writeHead.bind(res);
  /** @type {import('node:zlib').Gzip | null} */
  let gzip = null;
  let decided = false;
  const decide = () => {
    if (decided) return;
    decided = true;
    const type = String(res.getHeader('content-type') ?? '');
    if (res.statusCode !== 200 || !TEXT.test(type) || res.getHeader('content-encoding')) return;
    res.removeHeader('content-length');
    res.setHeader('content-encoding', 'gzip');
    const vary = res.getHeader('vary');
    res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    gzip = createGzip({ level: 6, flush: constants.Z_NO_FLUSH });
    gzip.on('data', (chunk) => {
      if (!write(chunk)) {
        gzip.pause();
        res.once('drain', () => gzip.resume());
      }
    });
    gzip.on('end', () => end());
    // a writer waiting for room (a file piped in) waits on the response: tell it when the compressor has room
    gzip.on('drain', () => res.emit('drain'));
  };
  res.writeHead = (status, ...rest) => {
    // headers given to writeHead itself are set first, so that the decision sees them
    res.statusCode = status;
    const headers = rest.find((r) => r && typeof r === 'object');
    if (headers && !Array.isArray(headers)) for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    decide();
    return writeHead(status, typeof rest[0] === 'string' ? rest[0] : undefined);
  };
  res.write = (chunk, encoding, callback) => {
    decide();
    if (!gzip) return write(chunk, encoding, callback);
    return gzip.write(chunk, encoding, callback);
  };
  res.end = (chunk, encoding, callback) => {
    decide();
    if (!gzip) return end(chunk, encoding, callback);
    if (typeof chunk === 'function') [chunk, callback] = [undefined, chunk];
    if (chunk != null) gzip.end(chunk, typeof encoding === 'string' ? encoding : undefined);
    else gzip.end();
    if (typeof callback === 'function') res.once('finish', callback);
    return res;
  };
}
