// The static files `npm start` serves from dist/client, sent as nginx sends them (deploy/nginx/:
// brotli_static, gzip_static, gzip_vary): a file the build gave .br and .gz twins
// (src/build/precompress.mjs) goes out as its brotli twin to a client that accepts br, else as its
// gzip twin to one that accepts gzip, with Content-Encoding, Vary: Accept-Encoding and the type of
// the file itself. Nothing is compressed per request. A range, a file without twins and a client
// that accepts neither get the file as it is, through Astro's own handler (the `fallback`); an
// answer that is not a file (404 page, a page rendered on demand) is Astro's too.
//
// The twin is sent by `send`, the library Astro's handler serves every file with, so HEAD,
// ETag, Last-Modified, 304 and 412 behave as they do for the file itself; each twin has its own
// ETag (size and time of the twin), as each is its own representation.
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, join, relative, resolve, sep } from 'node:path';
import { COMPRESSIBLE } from '../../src/build/precompress.mjs';
import { IMMUTABLE_CACHE } from './cache-policy.mjs';

// the copies Astro's Node adapter uses, wherever npm placed them
const fromAdapter = createRequire(import.meta.resolve('@astrojs/node'));
const send = fromAdapter('send');
const mime = createRequire(fromAdapter.resolve('send'))('mime-types');

/** Astro's hashed assets (served `immutable` for a year by Astro's handler and by nginx). */
const ASSETS = '/_astro/';
const ASSET_CACHE = IMMUTABLE_CACHE;

/**
 * The encodings of an Accept-Encoding header this server can send, best first: `br`, then `gzip`
 * (a `;q=0` refuses one; `*` stands for those not named).
 * @param {string | undefined} header
 * @returns {('br' | 'gzip')[]}
 */
export function acceptedEncodings(header) {
  const weights = new Map();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  /** @type {('br' | 'gzip')[]} */
  const encodings = ['br', 'gzip'];
  return encodings.filter((e) => (weights.get(e) ?? weights.get('*') ?? 0) > 0);
}

/** The file of `root` a static request for `pathname` is answered with (Astro's rules: a folder's index.html), or null. */
async function fileFor(root, pathname) {
  let path;
  try {
    path = decodeURI(pathname);
  } catch {
    return null;
  }
  // dot files, `..` and odd bytes are left to Astro's handler (which refuses them)
  if (path.includes('\0') || path.includes('\\') || path.split('/').some((s) => s.startsWith('.'))) return null;
  const ext = extname(path);
  if (ext && !COMPRESSIBLE.test(path)) return null; // a picture, a PDF: no twins
  const candidate = join(root, path);
  if (!candidate.startsWith(root)) return null;
  const found = await stat(candidate).catch(() => null);
  if (!found) return null;
  if (!found.isDirectory()) return found.isFile() ? candidate : null;
  const index = join(candidate, 'index.html');
  return (await stat(index).catch(() => null))?.isFile() ? index : null;
}

/**
 * Answers a GET or HEAD for a static file with one of its twins when the client accepts one, else
 * hands the request to `fallback` (Astro's handler), having added `Vary: Accept-Encoding` when the
 * file has twins.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} root the served folder (dist/client)
 * @param {() => void} fallback
 */
export function serveStatic(req, res, root, fallback) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return fallback();
  answerWithTwin(req, res, resolve(root) + sep, fallback).catch(() => {
    if (!res.headersSent) fallback();
  });
}

async function answerWithTwin(req, res, root, fallback) {
  const pathname = (req.url ?? '/').split(/[?#]/)[0];
  const file = await fileFor(root, pathname);
  if (!file) return fallback();
  const isFile = (path) =>
    stat(path).then(
      (s) => s.isFile(),
      () => false,
    );
  const [br, gz] = await Promise.all([isFile(`${file}.br`), isFile(`${file}.gz`)]);
  if (!br && !gz) return fallback();
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = req.headers.range ? undefined : acceptedEncodings(req.headers['accept-encoding']).find((e) => (e === 'br' ? br : gz));
  if (!encoding) return fallback();
  const twin = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
  const type = mime.contentType(extname(file)) || 'application/octet-stream';
  let started = false;
  send(req, `/${relative(root, twin).split(sep).map(encodeURIComponent).join('/')}`, { root, dotfiles: 'deny', index: false, acceptRanges: false })
    .on('headers', () => {
      res.setHeader('Content-Type', type);
      res.setHeader('Content-Encoding', encoding);
      if (pathname.startsWith(ASSETS)) res.setHeader('Cache-Control', ASSET_CACHE);
    })
    .on('file', () => {
      started = true;
    })
    .on('error', (/** @type {{ statusCode?: number }} */ error) => {
      // the twin went away since (a new release): the file as it is; after that, as Astro's handler answers
      if (!started) return fallback();
      const status = error.statusCode ?? 500;
      res.removeHeader('Content-Encoding');
      res.writeHead(status);
      res.end(status >= 500 ? 'Internal server error' : '');
    })
    .pipe(res);
}
