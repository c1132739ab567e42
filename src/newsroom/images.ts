import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The newsroom's pictures: uploaded by staff, checked by their content (not their name or the
 * browser's word), stored under DATA_DIR/files/news/ named by a hash of their bytes, served at
 * /files/news/{name} (src/pages/files/news/[name].ts) and copied into the static site by the
 * nightly pull (src/news/news-pull.ts), so a story's picture is a file of the release like any other.
 */
export const NEWS_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const NEWS_IMAGE_MAX_LABEL = '5 MB';
export const NEWS_IMAGE_PREFIX = '/files/news/';

const KINDS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type NewsImageType = keyof typeof KINDS;
const TYPE_OF_EXTENSION: Record<string, NewsImageType> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** A stored picture's file name: 24 hex digits of its SHA-256 and the extension of its kind. */
const NAME = /^[0-9a-f]{24}\.(png|jpg|webp)$/;

export const newsImageDir = (dataDir: string) => join(dataDir, 'files', 'news');

/** The picture's kind by its bytes (PNG, JPEG or WebP), or null for anything else. */
export async function detectNewsImage(data: Uint8Array): Promise<NewsImageType | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(data);
  return found && found.mime in KINDS ? (found.mime as NewsImageType) : null;
}

export type StoredImage = { url: string; type: NewsImageType; size: number };

/** Stores a picture once (the same bytes twice are one file); the reason it is refused otherwise. */
export async function storeNewsImage(dataDir: string, data: Uint8Array): Promise<StoredImage | { problem: 'size' | 'kind' }> {
  if (data.byteLength > NEWS_IMAGE_MAX_BYTES) return { problem: 'size' };
  const type = await detectNewsImage(data);
  if (!type) return { problem: 'kind' };
  const name = `${createHash('sha256').update(data).digest('hex').slice(0, 24)}.${KINDS[type]}`;
  const dir = newsImageDir(dataDir);
  const path = join(dir, name);
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${path}.part`, data);
    renameSync(`${path}.part`, path);
  }
  return { url: `${NEWS_IMAGE_PREFIX}${name}`, type, size: data.byteLength };
}

/** A stored picture by its name, or null (a name of another form is never looked up). */
export function readNewsImage(dataDir: string, name: string): { data: Buffer; type: NewsImageType } | null {
  if (!NAME.test(name)) return null;
  const path = join(newsImageDir(dataDir), name);
  if (!existsSync(path)) return null;
  return { data: readFileSync(path), type: TYPE_OF_EXTENSION[name.split('.')[1]] };
}

/** The stored picture names a story's HTML or picture field refers to. */
export function newsImageNames(...texts: (string | null | undefined)[]): string[] {
  const names = new Set<string>();
  for (const text of texts) for (const match of (text ?? '').matchAll(/\/files\/news\/([0-9a-f]{24}\.(?:png|jpg|webp))/g)) names.add(match[1]);
  return [...names];
}
