/**
 * A small .docx writer (Node only): a .docx is a zip holding [Content_Types].xml,
 * _rels/.rels and word/document.xml. Used by scripts/make-resume-templates.ts for
 * the résumé templates, and by the tests for real Word files to upload.
 */

export { crc32, zip } from './zip.ts';
import { zip } from './zip.ts';

const xmlEscape = (text: string) => text.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch]!);

/** A block of the document: a heading, a paragraph, or a two-column table of label and empty answer cells. */
export type DocxBlock = { heading: string } | { text: string; bold?: boolean; size?: number } | { table: { label: string; height?: number }[] };

const run = (text: string, bold = false, size?: number) =>
  `<w:r><w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial" w:eastAsia="SimSun"/>${bold ? '<w:b/>' : ''}${size ? `<w:sz w:val="${size}"/>` : ''}</w:rPr><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r>`;

function block(b: DocxBlock): string {
  if ('heading' in b) return `<w:p><w:pPr><w:spacing w:before="240" w:after="120"/></w:pPr>${run(b.heading, true, 28)}</w:p>`;
  if ('text' in b) return `<w:p>${run(b.text, b.bold, b.size)}</w:p>`;
  const border =
    '<w:top w:val="single" w:sz="4"/><w:left w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:right w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/><w:insideV w:val="single" w:sz="4"/>';
  const rows = b.table
    .map(
      (row) =>
        `<w:tr>${row.height ? `<w:trPr><w:trHeight w:val="${row.height}"/></w:trPr>` : ''}<w:tc><w:tcPr><w:tcW w:w="2600" w:type="dxa"/><w:shd w:val="clear" w:fill="EEF4FB"/></w:tcPr><w:p>${run(row.label, true)}</w:p></w:tc><w:tc><w:tcPr><w:tcW w:w="6400" w:type="dxa"/></w:tcPr><w:p/></w:tc></w:tr>`,
    )
    .join('');
  return `<w:tbl><w:tblPr><w:tblW w:w="9000" w:type="dxa"/><w:tblBorders>${border}</w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="2600"/><w:gridCol w:w="6400"/></w:tblGrid>${rows}</w:tbl><w:p/>`;
}

/** A minimal, valid Word document (opens in Word, LibreOffice and WPS). */
export function docx(blocks: DocxBlock[], title = 'Document'): Buffer {
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${blocks.map(block).join('')}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1247" w:right="1247" w:bottom="1247" w:left="1247" w:header="709" w:footer="709" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  const core = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${xmlEscape(title)}</dc:title></cp:coreProperties>`;
  return zip([
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    },
    { name: 'docProps/core.xml', data: core },
    { name: 'word/document.xml', data: document },
  ]);
}
