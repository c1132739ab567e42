/**
 * Is this a Word document? Checked by content, never by name:
 * - DOCX: file-type recognises an Office Open XML word-processing package, and the
 *   zip's central directory lists word/document.xml;
 * - DOC: an OLE2 compound file (file-type: cfb) whose directory holds a
 *   WordDocument stream (which an .msi, .xls or renamed .exe has not).
 */
export type WordKind = 'doc' | 'docx';

export async function detectWordFile(data: Uint8Array): Promise<WordKind | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(data);
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (type?.ext === 'docx' && zipEntryNames(buffer).includes('word/document.xml')) return 'docx';
  if (type?.ext === 'cfb' && cfbRootEntryNames(buffer).includes('WordDocument')) return 'doc';
  return null;
}

/** Names in a zip's central directory ([] when it is not a readable zip). */
export function zipEntryNames(buffer: Buffer): string[] {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  let end = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 0xffff); i--) {
    if (buffer.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return [];
  const entries = buffer.readUInt16LE(end + 10);
  let offset = buffer.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== CENTRAL) return names;
    const nameLength = buffer.readUInt16LE(offset + 28);
    const extraLength = buffer.readUInt16LE(offset + 30);
    const commentLength = buffer.readUInt16LE(offset + 32);
    names.push(buffer.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Names of the entries in the first directory sector of an OLE2 compound file ([] when it is not one). */
export function cfbRootEntryNames(buffer: Buffer): string[] {
  if (buffer.length < 512 || !buffer.subarray(0, 8).equals(CFB_SIGNATURE)) return [];
  const sectorShift = buffer.readUInt16LE(30);
  if (sectorShift !== 9 && sectorShift !== 12) return [];
  const sectorSize = 1 << sectorShift;
  const firstDirectorySector = buffer.readUInt32LE(48);
  const start = (firstDirectorySector + 1) * sectorSize;
  if (start + sectorSize > buffer.length) return [];
  const names: string[] = [];
  for (let entry = start; entry < start + sectorSize; entry += 128) {
    const nameBytes = buffer.readUInt16LE(entry + 64);
    if (nameBytes < 2 || nameBytes > 64) continue;
    names.push(buffer.toString('utf16le', entry, entry + nameBytes - 2));
  }
  return names;
}
