import type { APIRoute } from 'astro';
import { readNewsImage } from '../../../newsroom/images';
import { loadConfig } from '../../../server/config';

/**
 * The newsroom's uploaded pictures (src/newsroom/images.ts), served from DATA_DIR/files/news/ from the
 * moment they are uploaded; a built release also holds the ones its stories use, as static files.
 * Named by their content's hash, so they never change.
 */
export const prerender = false;

export const GET: APIRoute = ({ params }) => {
  const found = readNewsImage(loadConfig().dataDir, params.name ?? '');
  if (!found) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(found.data), {
    headers: {
      'content-type': found.type,
      'content-length': String(found.data.byteLength),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  });
};
