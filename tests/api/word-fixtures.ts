import * as CFB from 'cfb';
import { Document, HeightRule, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';

/** Files for the upload tests: real Word documents (made with the `docx` library), and things dressed up as them. */

export async function realDocx(title = 'Résumé'): Promise<Buffer> {
  const row = (label: string, height?: number) =>
    new TableRow({
      height: height ? { value: height, rule: HeightRule.ATLEAST } : undefined,
      children: [new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: label, bold: true })] })] }), new TableCell({ children: [new Paragraph({})] })],
    });
  const document = new Document({
    title,
    sections: [{ children: [new Paragraph({ children: [new TextRun({ text: title, bold: true, size: 28 })] }), new Table({ rows: [row('Name 姓名'), row('Experience 工作经历', 1800)] })] }],
  });
  return Packer.toBuffer(document);
}

/** An OLE2 compound file (written by SheetJS's cfb) with a WordDocument stream: what a .doc is; another stream name makes an .msi or .xls look-alike. */
export function minimalDoc(streamName = 'WordDocument'): Buffer {
  const file = CFB.utils.cfb_new();
  CFB.utils.cfb_add(file, `/${streamName}`, Buffer.from('Seabridge résumé template test'));
  return Buffer.from(CFB.write(file, { type: 'buffer' }) as Uint8Array);
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
