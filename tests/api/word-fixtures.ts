import { docx } from '../../src/shared/docx';

/** Files for the upload tests: real Word documents, and things dressed up as them. */

export function realDocx(title = 'Résumé'): Buffer {
  return docx([{ heading: title }, { table: [{ label: 'Name 姓名' }, { label: 'Experience 工作经历', height: 1800 }] }], title);
}

/** A minimal OLE2 compound file with a WordDocument stream entry: what a .doc is. */
export function minimalDoc(streamName = 'WordDocument'): Buffer {
  const sector = 512;
  const buf = Buffer.alloc(512 + 2 * sector, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(buf, 0);
  buf.writeUInt16LE(0x003e, 24); // minor version
  buf.writeUInt16LE(0x0003, 26); // major version 3 (512-byte sectors)
  buf.writeUInt16LE(0xfffe, 28); // byte order
  buf.writeUInt16LE(9, 30); // sector shift
  buf.writeUInt16LE(6, 32); // mini sector shift
  buf.writeUInt32LE(1, 44); // FAT sectors
  buf.writeUInt32LE(1, 48); // first directory sector
  buf.writeUInt32LE(4096, 56); // mini stream cutoff
  buf.writeUInt32LE(0xfffffffe, 60); // no mini FAT
  buf.writeUInt32LE(0xfffffffe, 68); // no DIFAT sectors
  buf.writeUInt32LE(0, 76); // DIFAT[0]: the FAT is sector 0
  for (let i = 80; i < 512; i += 4) buf.writeUInt32LE(0xffffffff, i);
  const fat = 512;
  buf.writeUInt32LE(0xfffffffd, fat); // sector 0: FAT
  buf.writeUInt32LE(0xfffffffe, fat + 4); // sector 1: directory, end of chain
  for (let i = fat + 8; i < fat + sector; i += 4) buf.writeUInt32LE(0xffffffff, i);
  const dir = 512 + sector;
  const entry = (index: number, name: string, type: number) => {
    const at = dir + index * 128;
    buf.write(name, at, 'utf16le');
    buf.writeUInt16LE((name.length + 1) * 2, at + 64);
    buf.writeUInt8(type, at + 66);
    buf.writeUInt32LE(0xffffffff, at + 68);
    buf.writeUInt32LE(0xffffffff, at + 72);
    buf.writeUInt32LE(index === 0 ? 1 : 0xffffffff, at + 76);
    buf.writeUInt32LE(0xfffffffe, at + 116);
  };
  entry(0, 'Root Entry', 5);
  entry(1, streamName, 2);
  return buf;
}

export function png(): Buffer {
  const ihdr = Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex');
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(64)]);
}

/** The start of a Windows executable (MZ header pointing at a PE header). */
export function exe(): Buffer {
  const buf = Buffer.alloc(1024, 0);
  buf.write('MZ', 0, 'latin1');
  buf.writeUInt32LE(0x80, 0x3c);
  buf.write('PE\0\0', 0x80, 'latin1');
  buf.writeUInt16LE(0x014c, 0x84); // i386
  return buf;
}
