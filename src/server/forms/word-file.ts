import * as CFB from 'cfb';
import { unzipSync } from 'fflate';

/**
 * Is this a Word document? Checked by content, never by name:
 * - DOCX: file-type recognises an Office Open XML word-processing package, and the
 *   zip's central directory lists word/document.xml (read with fflate, nothing inflated);
 * - DOC: an OLE2 compound file (file-type: cfb) whose directory holds a
 *   WordDocument stream (read with SheetJS's cfb), which an .msi, .xls or renamed .exe has not.
 */
export type WordKind = 'doc' | 'docx';

export async function detectWordFile(data: Uint8Array): Promise<WordKind | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(data);
  if (type?.ext === 'docx' && zipEntryNames(data).includes('word/document.xml')) return 'docx';
  if (type?.ext === 'cfb' && cfbEntryNames(data).includes('WordDocument')) return 'doc';
  return null;
}

/** Names in a zip's central directory ([] when it is not a readable zip). */
export function zipEntryNames(data: Uint8Array): string[] {
  const names: string[] = [];
  try {
    unzipSync(data, {
      filter: (file) => {
        names.push(file.name);
        return false;
      },
    });
  } catch {
    return [];
  }
  return names;
}

/** Names of the streams and storages of an OLE2 compound file ([] when it is not one). */
export function cfbEntryNames(data: Uint8Array): string[] {
  try {
    const file = CFB.read(data, { type: 'buffer' });
    return file.FileIndex.map((entry) => entry.name);
  } catch {
    return [];
  }
}
