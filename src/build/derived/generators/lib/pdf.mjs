// A tiny PDF 1.4 writer (Helvetica and Helvetica-Bold, WinAnsiEncoding, no compression, no
// timestamps): the same content always gives the same bytes. Used by make-certificates.mjs and
// make-local-assets.mjs. Chinese text (option cjk: 'GB' simplified, 'CNS' traditional) uses the
// standard Adobe CJK fonts STSong-Light / MSung-Light, which PDF readers supply (not embedded).

export function pdfString(text) {
  const clean = text.replace(/[^\x20-\x7e]/g, '?');
  return `(${clean.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}
/** Glyph widths of Helvetica (AFM, 1/1000 em) for ASCII 32 to 126; bold is about 6 % wider. */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611,
  778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833,
  556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
/** Text for the CJK fonts: UTF-16BE in hex (their encodings are UniGB-UCS2-H and UniCNS-UCS2-H). */
function cjkString(text) {
  let hex = '';
  for (const c of text) {
    const code = c.codePointAt(0);
    hex += code > 0xffff ? '003F' : code.toString(16).padStart(4, '0').toUpperCase();
  }
  return `<${hex}>`;
}
const CJK_FONTS = {
  F3: ['STSong-Light', 'UniGB-UCS2-H', 'GB1', 2],
  F4: ['MSung-Light', 'UniCNS-UCS2-H', 'CNS1', 0],
};

export function textWidth(text, size, bold = false) {
  let units = 0;
  for (const c of text) units += HELVETICA[c.charCodeAt(0) - 32] ?? 556;
  return (units / 1000) * size * (bold ? 1.06 : 1);
}
export class Page {
  ops = [];
  text(x, y, text, { size = 10, bold = false, cjk } = {}) {
    if (cjk) {
      this.ops.push(`BT /${cjk === 'CNS' ? 'F4' : 'F3'} ${size} Tf ${x.toFixed(1)} ${y.toFixed(1)} Td ${cjkString(text)} Tj ET`);
      return;
    }
    this.ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(1)} ${y.toFixed(1)} Td ${pdfString(text)} Tj ET`);
  }
  centre(y, text, opts = {}) {
    this.text(297.64 - textWidth(text, opts.size ?? 10, opts.bold) / 2, y, text, opts);
  }
  line(x1, y1, x2, y2, width = 0.8) {
    this.ops.push(`${width} w ${x1} ${y1} m ${x2} ${y2} l S`);
  }
  rect(x, y, w, h, width = 0.8) {
    this.ops.push(`${width} w ${x} ${y} ${w} ${h} re S`);
  }
  /** Wraps text to a width (in points) and writes it; returns the y below it. */
  paragraph(x, y, width, text, size = 10, leading = 14) {
    const words = text.split(' ');
    let lineText = '';
    for (const word of words) {
      const next = lineText ? `${lineText} ${word}` : word;
      if (textWidth(next, size) > width && lineText) {
        this.text(x, y, lineText, { size });
        y -= leading;
        lineText = word;
      } else lineText = next;
    }
    if (lineText) this.text(x, y, lineText, { size });
    return y - leading;
  }
  /** Label and value rows; returns the y below them. */
  table(x, y, rows, labelWidth = 190) {
    for (const [label, value] of rows) {
      this.text(x, y, label, { size: 10 });
      this.text(x + labelWidth, y, value, { size: 10, bold: true });
      this.line(x, y - 5, 535, y - 5, 0.3);
      y -= 20;
    }
    return y;
  }
}

export function pdf(pages, info) {
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add('');
  const pagesId = add('');
  const helvetica = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const helveticaBold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const cjk = {};
  for (const [name, [font, encoding, ordering, supplement]] of Object.entries(CJK_FONTS)) {
    if (!pages.some((p) => p.ops.some((o) => o.includes(`/${name} `)))) continue;
    const descendant = add(
      `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /${font} /CIDSystemInfo << /Registry (Adobe) /Ordering (${ordering}) /Supplement ${supplement} >> /FontDescriptor << /Type /FontDescriptor /FontName /${font} /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >> /DW 1000 /W [1 95 500] >>`,
    );
    cjk[name] = add(`<< /Type /Font /Subtype /Type0 /BaseFont /${font}-${encoding} /Encoding /${encoding} /DescendantFonts [${descendant} 0 R] >>`);
  }
  const cjkResources = Object.entries(cjk)
    .map(([name, id]) => ` /${name} ${id} 0 R`)
    .join('');
  const kids = [];
  for (const page of pages) {
    const stream = page.ops.join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 595.28 841.89] /Resources << /Font << /F1 ${helvetica} 0 R /F2 ${helveticaBold} 0 R${cjkResources} >> >> /Contents ${content} 0 R >>`),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const infoId = add(
    `<< ${Object.entries(info)
      .map(([k, v]) => `/${k} ${pdfString(v)}`)
      .join(' ')} >>`,
  );
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
