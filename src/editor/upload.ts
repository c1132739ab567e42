import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { APIRoute } from 'astro';

/**
 * POST /admin/upload in `npm run dev` only (src/editor/integration.ts): the
 * editor's file fields send a picture or a document here, and it is written
 * under public/ in the folder the field names, where the site serves it from.
 * Answers {"path": "/images/vessels/new-ship.svg"}, or {"error": "..."} with 400.
 *
 * The dev server listens on 127.0.0.1 only (Keystatic's integration sets it),
 * and the built site has no such route.
 */

/** What the site serves from public/: pictures and documents. */
export const UPLOAD_TYPES: Readonly<Record<string, string>> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

const refuse = (error: string) => Response.json({ error }, { status: 400 });

/** `My Ship (2).PNG` → `my-ship-2.png`: the names the site's paths allow (PublicPath: letters, digits, _ - .). */
export function fileNameFor(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = (dot > 0 ? name.slice(0, dot) : name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return `${base || 'file'}.${extension}`;
}

export const POST: APIRoute = async ({ request }) => {
  const form = await request.formData().catch(() => undefined);
  const file = form?.get('file');
  const folder = form?.get('folder');
  if (!(file instanceof File)) return refuse('no file sent');
  if (typeof folder !== 'string' || !/^\/[A-Za-z0-9_\-./]*$/.test(folder)) return refuse('the folder must be a path under public/, starting with "/"');
  if (file.size === 0) return refuse('the file is empty');
  if (file.size > UPLOAD_MAX_BYTES) return refuse(`the file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
  const name = fileNameFor(file.name);
  const extension = name.slice(name.lastIndexOf('.') + 1);
  if (!UPLOAD_TYPES[extension]) return refuse(`a .${extension} file is not served by the site; send one of ${Object.keys(UPLOAD_TYPES).join(', ')}`);

  const publicDir = resolve(process.cwd(), 'public');
  const dir = resolve(publicDir, `.${folder}`);
  if (dir !== publicDir && !dir.startsWith(publicDir + sep)) return refuse('the folder must be inside public/');
  const bytes = new Uint8Array(await file.arrayBuffer());
  // never overwrite another file of the same name: the same bytes keep their name, other bytes get -2, -3 …
  let target = join(dir, name);
  for (let n = 2; existsSync(target) && !Buffer.from(readFileSync(target)).equals(Buffer.from(bytes)); n++) target = join(dir, name.replace(/(\.[^.]+)$/, `-${n}$1`));
  mkdirSync(dir, { recursive: true });
  writeFileSync(target, bytes);
  return Response.json({ path: `/${relative(publicDir, target).split(sep).join('/')}` });
};
