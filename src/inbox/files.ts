import { readFile, rm } from 'node:fs/promises';
import { basename, isAbsolute, join } from 'node:path';
import mammoth from 'mammoth';
import { detectWordFile, type WordKind } from '../server/forms/word-file';
import { sanitizeHtml } from '../shared/sanitize-html';

/**
 * The files the inbox's items have: the résumé under UPLOAD_DIR ({upload id}.{kind}, never served
 * publicly) and the outbox copy of the staff mail. A résumé is read only through here: its content
 * is checked again to be the Word document it was when it came in.
 */

export const WORD_TYPES: Record<WordKind, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

export class ResumeUnavailable extends Error {
  constructor(
    readonly reason: 'missing' | 'changed',
    message: string,
    /** The stored file's name and its kind, for the message in the page's language. */
    readonly file = '',
    readonly kind = '',
  ) {
    super(message);
  }
}

export const resumePath = (uploadDir: string, upload: { id: string; kind: string }) => join(uploadDir, `${upload.id}.${upload.kind}`);

/** The résumé's bytes, checked by content: a missing file or one that is no longer its Word kind is refused with a clear reason. */
export async function readResume(uploadDir: string, upload: { id: string; kind: string }): Promise<{ data: Buffer; kind: WordKind }> {
  let data: Buffer;
  try {
    data = await readFile(resumePath(uploadDir, upload));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new ResumeUnavailable(
        'missing',
        `The résumé file (${upload.id}.${upload.kind}) is missing on the server: it was removed or never copied to this machine's UPLOAD_DIR`,
        `${upload.id}.${upload.kind}`,
        upload.kind,
      );
    throw error;
  }
  const kind = await detectWordFile(data);
  if (kind !== upload.kind)
    throw new ResumeUnavailable(
      'changed',
      `The stored résumé file (${upload.id}.${upload.kind}) is no longer a ${upload.kind.toUpperCase()} document by its content: it is not served`,
      `${upload.id}.${upload.kind}`,
      upload.kind.toUpperCase(),
    );
  return { data, kind };
}

/** A DOCX as HTML by mammoth (no external files, no images), then the site's allow-list. */
export async function previewDocx(data: Buffer): Promise<string> {
  const result = await mammoth.convertToHtml({ buffer: data }, { externalFileAccess: false, convertImage: mammoth.images.imgElement(async () => ({ src: '' })) });
  return sanitizeHtml(result.value);
}

/** The text of a résumé (DOCX by mammoth; an old .doc's text runs, read as Latin-1 and UTF-16), for the data-subject search. */
export async function resumeText(data: Buffer, kind: WordKind): Promise<string> {
  if (kind === 'docx') return (await mammoth.extractRawText({ buffer: data })).value;
  return `${data.toString('latin1')}\n${data.toString('utf16le')}`;
}

/** A file name for the download: the applicant's name, safe in a header, and the kind. */
export function downloadName(name: string, kind: string): string {
  const safe =
    name
      .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
      .trim()
      .slice(0, 60) || 'resume';
  return `resume - ${safe}.${kind}`;
}

export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Removes an outbox copy: only a file inside the outbox folder is touched. Answers whether one was removed. */
export async function removeOutboxCopy(outboxDir: string, file: string | null): Promise<boolean> {
  if (!file) return false;
  const path = isAbsolute(file) ? file : join(outboxDir, file);
  if (join(outboxDir, basename(path)) !== path) return false;
  try {
    await rm(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

export async function removeFile(path: string): Promise<boolean> {
  try {
    await rm(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
