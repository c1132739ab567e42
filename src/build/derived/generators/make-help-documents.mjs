#!/usr/bin/env node
// Writes the help centre's PDFs, in English and Chinese:
// - public/files/downloads/{id}-{en,zh}.pdf  every document of content/help/downloads.json
// - public/files/tariffs/{id}-{en,zh}.pdf    every EU inland tariff of content/help/tariffs.json
// Text comes from the content where the site shows it too (bill of lading terms, stuffing
// regulations, total-loss table, container sizes, tariff zones); the forms and guides are below.
// Uses the small PDF writer of src/build/derived/generators/lib/pdf.mjs (Helvetica; Chinese in the standard Adobe font
// STSong-Light, which readers supply): no browser, no fonts to install, the same bytes every run.
// Run: node src/build/derived/generators/make-help-documents.mjs  (after editing those content files)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Page, pdf, textWidth } from './lib/pdf.mjs';

// The PDFs' Producer names this generator by the path it had when they were first published, so the
// files stay byte for byte what was published (it moved from scripts/ with the other generators).
const PRODUCER = 'scripts/make-help-documents.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (path) => readFileSync(join(ROOT, path), 'utf8');
const json = (path) => JSON.parse(read(path));

const CO = { en: 'Seabridge Container Lines Co., Ltd.', zh: '海桥集装箱运输有限公司' };
const NAVY = '0.043 0.145 0.271';
const TEAL = '0.059 0.541 0.510';
const SOFT = '0.933 0.957 0.984';
const MUTED = '0.333 0.380 0.431';

// ---------------------------------------------------------------- text layout
/** Latin letters the standard Helvetica encoding here lacks: written without their accents. */
const PLAIN = {
  '–': '-',
  '³': '3',
  '₂': '2',
  '·': '-',
  '•': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  é: 'e',
  è: 'e',
  ê: 'e',
  ë: 'e',
  á: 'a',
  à: 'a',
  â: 'a',
  ä: 'a',
  ó: 'o',
  ô: 'o',
  ö: 'o',
  ú: 'u',
  ü: 'u',
  í: 'i',
  ł: 'l',
  Ł: 'L',
  ń: 'n',
  ś: 's',
  Ś: 'S',
  ż: 'z',
  ź: 'z',
  Ż: 'Z',
  ß: 'ss',
  ç: 'c',
  ñ: 'n',
};
const plain = (text) => [...text].map((c) => PLAIN[c] ?? c).join('');
const isAscii = (c) => c >= ' ' && c <= '~';
const NO_LINE_START = new Set([...'，。、；：）》」』！？％,.;:)!?']);
const hex = (text) => `<${[...text].map((c) => (c.codePointAt(0) > 0xffff ? '003F' : c.codePointAt(0).toString(16).padStart(4, '0').toUpperCase())).join('')}>`;
const esc = (text) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** Width of a piece of text: ASCII in Helvetica, anything else one em (the CJK font). */
function width(text, size, bold = false) {
  let w = 0;
  let ascii = '';
  for (const c of text) {
    if (isAscii(c)) ascii += c;
    else w += size;
  }
  return w + textWidth(ascii, size, bold);
}

/** Writes one line at (x, y): runs of ASCII in Helvetica, the rest in STSong-Light (bold by stroking). */
function drawLine(page, x, y, text, { size = 10, bold = false, color } = {}) {
  const runs = [];
  for (const c of text) {
    const kind = isAscii(c) ? 'a' : 'c';
    if (runs.length && runs.at(-1).kind === kind) runs.at(-1).text += c;
    else runs.push({ kind, text: c });
  }
  if (color) page.ops.push(`${color} rg ${color} RG`);
  for (const run of runs) {
    if (run.kind === 'a') page.ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf 0 Tr ${x.toFixed(1)} ${y.toFixed(1)} Td ${esc(run.text)} Tj ET`);
    else page.ops.push(`BT /F3 ${size} Tf ${bold ? `2 Tr ${(size / 30).toFixed(2)} w` : '0 Tr'} ${x.toFixed(1)} ${y.toFixed(1)} Td ${hex(run.text)} Tj ET`);
    x += width(run.text, size, bold);
  }
  if (color) page.ops.push('0 g 0 G');
}

/** Breaks text into lines no wider than maxWidth: at spaces between Latin words, between any two Chinese characters. */
function wrap(text, size, maxWidth, bold = false) {
  const tokens = plain(text).match(/[\x21-\x7e]+|\s+|[^\s\x21-\x7e]/gu) ?? [];
  const lines = [];
  let line = '';
  for (const token of tokens) {
    if (/^\s+$/.test(token)) {
      if (line) line += ' ';
      continue;
    }
    const next = line + token;
    if (line && width(next.trimEnd(), size, bold) > maxWidth && !NO_LINE_START.has(token[0])) {
      lines.push(line.trimEnd());
      line = token;
    } else line = next;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines.length ? lines : [''];
}

/** Inline markdown to plain text: **bold** and [label](href) lose their markup. */
const unmark = (text) => text.replace(/\*\*(.+?)\*\*/g, '$1').replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');

// ---------------------------------------------------------------- documents
const TOP = 770;
const BOTTOM = 70;
const LEFT = 56;
const RIGHT = 539;
const WIDTH = RIGHT - LEFT;

class Doc {
  constructor(locale, title, subtitle) {
    this.locale = locale;
    this.title = title;
    this.subtitle = subtitle;
    this.pages = [];
    this.newPage(true);
  }
  newPage(first = false) {
    const page = new Page();
    this.pages.push(page);
    this.page = page;
    // brand band
    page.ops.push(`${NAVY} rg 0 806 595.28 36 re f 0 g`);
    drawLine(page, LEFT, 819, this.locale === 'zh' ? `${CO.zh}  SEABRIDGE` : 'SEABRIDGE CONTAINER LINES', { size: 11, bold: true, color: '1 1 1' });
    if (!first) drawLine(page, RIGHT - width(this.title, 8.5), 819, this.title, { size: 8.5, color: '1 1 1' });
    this.y = TOP;
    if (first) {
      for (const line of wrap(this.title, 18, WIDTH, true)) {
        drawLine(page, LEFT, this.y, line, { size: 18, bold: true, color: NAVY });
        this.y -= 24;
      }
      if (this.subtitle) {
        for (const line of wrap(this.subtitle, 9.5, WIDTH)) {
          drawLine(page, LEFT, this.y, line, { size: 9.5, color: MUTED });
          this.y -= 13;
        }
      }
      page.ops.push(`${TEAL} RG`);
      page.line(LEFT, this.y + 2, RIGHT, this.y + 2, 1.5);
      page.ops.push('0 G');
      this.y -= 16;
    }
  }
  room(height) {
    if (this.y - height < BOTTOM) this.newPage();
  }
  heading(text) {
    const lines = wrap(text, 12.5, WIDTH, true);
    this.room(lines.length * 16 + 24);
    this.y -= 6;
    for (const line of lines) {
      drawLine(this.page, LEFT, this.y, line, { size: 12.5, bold: true, color: NAVY });
      this.y -= 16;
    }
    this.y -= 2;
    return this;
  }
  para(text, { size = 9.5, indent = 0, bullet, color } = {}) {
    const leading = size * 1.45;
    const lines = wrap(unmark(text), size, WIDTH - indent - (bullet ? 12 : 0));
    lines.forEach((line, i) => {
      this.room(leading);
      if (bullet === 'dot' && i === 0) this.page.ops.push(`${TEAL} rg ${(LEFT + indent + 1).toFixed(1)} ${(this.y + size * 0.28).toFixed(1)} 3.2 3.2 re f 0 g`);
      else if (bullet && i === 0) drawLine(this.page, LEFT + indent, this.y, bullet, { size, color: TEAL });
      drawLine(this.page, LEFT + indent + (bullet ? 12 : 0), this.y, line, { size, color });
      this.y -= leading;
    });
    this.y -= size * 0.5;
    return this;
  }
  bullets(items, ordered = false) {
    items.forEach((item, i) => this.para(item, { bullet: ordered ? `${i + 1}.` : 'dot', indent: 4 }));
    return this;
  }
  note(text) {
    return this.para(text, { size: 8.5, color: MUTED });
  }
  /** A table: header row on navy, rows striped, cells wrapped; widths are shares of the text width. */
  table(headers, rows, shares, { size = 8.5, align = [], grid = false, minHeight = 0 } = {}) {
    const total = shares.reduce((a, b) => a + b, 0);
    const widths = shares.map((s) => (s / total) * WIDTH);
    const leading = size * 1.35;
    const drawRow = (cells, header, stripe) => {
      const wrapped = cells.map((cell, i) => wrap(String(cell), size, widths[i] - 8, header));
      const height = Math.max(Math.max(...wrapped.map((l) => l.length)) * leading + 7, header ? 0 : minHeight);
      if (this.y - height < BOTTOM) {
        this.newPage();
        if (!header) drawRow(headers, true, false);
      }
      const top = this.y;
      if (header) this.page.ops.push(`${NAVY} rg ${LEFT} ${(top - height + leading - 2).toFixed(1)} ${WIDTH} ${height.toFixed(1)} re f 0 g`);
      else if (stripe) this.page.ops.push(`${SOFT} rg ${LEFT} ${(top - height + leading - 2).toFixed(1)} ${WIDTH} ${height.toFixed(1)} re f 0 g`);
      let x = LEFT;
      if (grid && !header) {
        this.page.ops.push('0.6 0.65 0.7 RG');
        let gx = LEFT;
        for (const w of widths) {
          this.page.rect(gx, top - height + leading - 2, w, height, 0.5);
          gx += w;
        }
        this.page.ops.push('0 G');
      }
      wrapped.forEach((lines, i) => {
        lines.forEach((line, j) => {
          const right = align[i] === 'right';
          const lx = right ? x + widths[i] - 4 - width(line, size, header) : x + 4;
          drawLine(this.page, lx, top - j * leading, line, { size, bold: header, color: header ? '1 1 1' : undefined });
        });
        x += widths[i];
      });
      this.y = top - height;
    };
    this.room(leading * 3);
    drawRow(headers, true, false);
    rows.forEach((row, i) => drawRow(row, false, i % 2 === 1));
    this.y -= 10;
    return this;
  }
  /** Form fields: a label and an empty box to fill in, in rows. */
  fields(labels, boxHeight = 22) {
    for (const label of labels) {
      this.room(boxHeight + 6);
      const lines = wrap(label, 8.5, 150);
      lines.forEach((line, i) => drawLine(this.page, LEFT, this.y - i * 11, line, { size: 8.5, bold: true, color: NAVY }));
      this.page.ops.push('0.6 0.65 0.7 RG');
      this.page.rect(LEFT + 160, this.y - boxHeight + 9, WIDTH - 160, boxHeight, 0.6);
      this.page.ops.push('0 G');
      this.y -= Math.max(boxHeight, lines.length * 11) + 6;
    }
    this.y -= 6;
    return this;
  }
  signature(labels) {
    this.room(60);
    this.y -= 30;
    const w = (WIDTH - 20 * (labels.length - 1)) / labels.length;
    labels.forEach((label, i) => {
      const x = LEFT + i * (w + 20);
      this.page.line(x, this.y, x + w, this.y, 0.6);
      drawLine(this.page, x, this.y - 12, label, { size: 8.5, color: MUTED });
    });
    this.y -= 30;
    return this;
  }
  /** Markdown as the site's content holds it: ## headings, paragraphs, - lists, 1. lists. */
  markdown(text) {
    const body = text.replace(/^---[\s\S]*?---\s*/, '');
    for (const block of body.split(/\n\s*\n/)) {
      const lines = block.trim().split('\n');
      if (!lines[0]) continue;
      if (lines[0].startsWith('## ')) this.heading(lines[0].slice(3));
      else if (/^(-|\d+\.) /.test(lines[0])) {
        const items = [];
        for (const l of lines) {
          if (/^(-|\d+\.) /.test(l)) items.push(l.replace(/^(-|\d+\.) /, ''));
          else items[items.length - 1] += ` ${l.trim()}`;
        }
        this.bullets(items, /^\d+\./.test(lines[0]));
      } else this.para(lines.map((l) => l.trim()).join(this.locale === 'zh' ? '' : ' '));
    }
    return this;
  }
  bytes(info) {
    const count = this.pages.length;
    this.pages.forEach((page, i) => {
      page.ops.push('0.75 0.8 0.85 RG');
      page.line(LEFT, 52, RIGHT, 52, 0.4);
      page.ops.push('0 G');
      drawLine(page, LEFT, 40, `${CO[this.locale]}  |  www.seabridgelines.com  |  ${this.locale === 'zh' ? '客服热线' : 'Hotline'} 400-820-6688`, { size: 7.5, color: MUTED });
      const n = `${i + 1} / ${count}`;
      drawLine(page, RIGHT - width(n, 7.5), 40, n, { size: 7.5, color: MUTED });
    });
    return pdf(this.pages, { Author: CO.en, Producer: PRODUCER, ...info });
  }
}

const L = (locale, en, zh) => (locale === 'zh' ? zh : en);
const money = (n) => n.toLocaleString('en-US');
const fmtDate = (iso, locale) => {
  const [y, m, d] = iso.split('-').map(Number);
  return locale === 'zh' ? `${y}年${m}月${d}日` : `${d} ${['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][m - 1]} ${y}`;
};

// ---------------------------------------------------------------- the documents' bodies
const WRITERS = {
  'bl-terms': (doc, l) => doc.markdown(read(`content/help/pages/${l}/bill-conditions.md`)),
  'loi-delivery': (doc, l) => {
    doc.para(L(l, 'To: Seabridge Container Lines Co., Ltd. and its agents', '致：海桥集装箱运输有限公司及其代理'));
    doc.fields(
      L(
        l,
        ['Vessel / voyage', 'Port of loading', 'Port of discharge', 'Bill of lading number and date', 'Description of goods', 'Party to whom delivery is requested'],
        ['船名/航次', '装货港', '卸货港', '提单号及签发日期', '货物描述', '请求交付对象'],
      ),
    );
    doc.para(
      L(
        l,
        'The above goods were shipped by the above shipper to the above consignee, but the original bill of lading has not arrived or has been lost. We hereby request you to deliver the goods to the party named above without production of the original bill of lading. In consideration of your complying with this request, we hereby agree as follows:',
        '上述货物由上述发货人托运给上述收货人，但正本提单尚未到达或已遗失。我方特此请求贵司在未出示正本提单的情况下，将货物交付给上述指定方。鉴于贵司同意此项请求，我方同意如下：',
      ),
    );
    doc.bullets(
      L(
        l,
        [
          'to indemnify you, your servants and agents and to hold all of you harmless in respect of any liability, loss, damage or expense of whatsoever nature which you may sustain by reason of delivering the goods in accordance with our request;',
          'in the event of any proceedings being commenced against you or any of your servants or agents in connection with the delivery of the goods, to provide you or them on demand with sufficient funds to defend the same;',
          'as soon as all original bills of lading for the goods have come into our possession, to produce and deliver the same to you, whereupon our liability hereunder shall cease;',
          "this indemnity shall be governed by the law of the People's Republic of China and subject to the jurisdiction of the Shanghai Maritime Court.",
        ],
        [
          '赔偿贵司及贵司雇员和代理人因按我方请求交付货物而可能遭受的任何性质的责任、损失、损害或费用，并使其免受损害；',
          '如因交付货物而对贵司或贵司任何雇员、代理人提起任何诉讼，我方将应要求向其提供足以应诉的资金；',
          '我方一经取得该批货物的全套正本提单，即将其提交给贵司，届时我方在本保函项下的责任即告终止；',
          '本保函适用中华人民共和国法律，由上海海事法院管辖。',
        ],
      ),
      true,
    );
    doc.para(
      L(
        l,
        'The liability of each and every person under this indemnity shall be joint and several. The amount of this indemnity is limited to 200% of the CIF value of the goods.',
        '本保函项下每一当事人均承担连带责任。本保函金额以货物到岸价（CIF）的200%为限。',
      ),
    );
    doc.signature(L(l, ['For and on behalf of the requestor (stamp)', 'For and on behalf of the bank (stamp)'], ['申请人签章', '银行签章']));
  },
  'bl-amendment': (doc, l) => {
    doc.para(
      L(
        l,
        'Send this request on your company letterhead to the office that issued the bill of lading, with all originals if they were issued. A correction fee applies after issue.',
        '请使用公司抬头纸填写本申请，提交至签单办事处；如已签发正本提单，须一并交回全套正本。提单签发后更改收取改单费。',
      ),
    );
    doc.fields(L(l, ['Bill of lading number', 'Vessel / voyage', 'Booking number', 'Requested by (company)', 'Contact and telephone'], ['提单号', '船名/航次', '订舱号', '申请单位', '联系人及电话']));
    doc.table(
      L(l, ['Field on the bill of lading', 'Now reads', 'Should read'], ['提单栏目', '原内容', '更改为']),
      [
        ['', '', ''],
        ['', '', ''],
        ['', '', ''],
        ['', '', ''],
      ],
      [1.2, 2, 2],
    );
    doc.para(L(l, 'Reason for the amendment:', '更改原因：')).fields([''], 40);
    doc.note(
      L(
        l,
        'Changes of consignee, of port of discharge or of the description of the goods may need the consent of the customs authorities or of the bank that financed the sale. No amendment is possible once the goods have been released at destination.',
        '更改收货人、卸货港或货物描述可能需经海关或融资银行同意。货物在目的港放行后不能再更改提单。',
      ),
    );
    doc.signature(L(l, ['Signature and company stamp', 'Date'], ['签字及公司盖章', '日期']));
  },
  'vgm-declaration': (doc, l) => {
    doc.para(
      L(
        l,
        'Under SOLAS chapter VI, regulation 2, a packed container may be loaded on a ship only when its verified gross mass (VGM) has been declared by the shipper named on the bill of lading. Submit this form before the VGM cut-off shown on the booking confirmation.',
        '根据SOLAS公约第VI章第2条，重箱须由提单所列发货人申报核实的集装箱总重（VGM）后方可装船。请在订舱确认书所列截VGM时间前提交本表。',
      ),
    );
    doc.fields(L(l, ['Shipper', 'Booking number', 'Vessel / voyage', 'Port of loading'], ['发货人', '订舱号', '船名/航次', '装货港']));
    doc.table(
      L(l, ['Container number', 'Seal number', 'Size/type', 'VGM (kg)', 'Method (1 or 2)', 'Weighing date'], ['箱号', '封号', '箱型', 'VGM（千克）', '称重方法（1或2）', '称重日期']),
      Array.from({ length: 8 }, () => ['', '', '', '', '', '']),
      [1.6, 1.2, 0.9, 1, 1, 1],
      { grid: true, minHeight: 22 },
    );
    doc.bullets(
      L(
        l,
        [
          'Method 1: the packed and sealed container is weighed on calibrated and certified equipment.',
          'Method 2: all packages and cargo items, pallets, dunnage and securing material are weighed and added to the tare mass of the container marked on its doors.',
        ],
        ['方法一：使用经校准认证的设备对装箱施封后的整箱称重。', '方法二：称量全部包装件、货物、托盘、衬垫及加固材料，加上箱门所标注的集装箱自重。'],
      ),
    );
    doc.fields(L(l, ['Name of the authorised person (in capitals)', 'Position'], ['授权签署人姓名', '职务']));
    doc.signature(L(l, ['Signature', 'Date'], ['签字', '日期']));
  },
  'dg-declaration': (doc, l) => {
    doc.para(
      L(
        l,
        'Multimodal dangerous goods form (IMDG Code 5.4.5). Send it with the safety data sheet at least 72 hours before the vessel arrives at the port of loading.',
        '多式联运危险货物申报单（IMDG规则5.4.5）。请连同安全技术说明书于船舶抵达装货港前至少72小时提交。',
      ),
    );
    doc.fields(
      L(
        l,
        ['Shipper / consignor', 'Consignee', 'Booking number', 'Vessel / voyage, port of loading', 'Port of discharge, destination'],
        ['发货人', '收货人', '订舱号', '船名/航次、装货港', '卸货港、目的地'],
      ),
    );
    doc.table(
      L(
        l,
        ['UN No.', 'Proper shipping name', 'Class (subsidiary)', 'Packing group', 'Flash point °C', 'Packages, kind', 'Gross / net kg', 'EmS'],
        ['联合国编号', '正确运输名称', '类别（次要危险）', '包装类别', '闪点°C', '件数及包装种类', '毛重/净重（千克）', '应急措施'],
      ),
      Array.from({ length: 5 }, () => Array(8).fill('')),
      [0.8, 2, 1, 0.8, 0.8, 1.2, 1.1, 0.8],
      { grid: true, minHeight: 26 },
    );
    doc.fields(
      L(
        l,
        ['Marine pollutant (yes / no)', 'Limited or excepted quantity', 'Container number, seal, size/type', 'Emergency contact (24 h)'],
        ['是否海洋污染物', '有限数量或例外数量', '箱号、封号、箱型', '24小时应急联系电话'],
      ),
    );
    doc.para(
      L(
        l,
        "Shipper's declaration: I hereby declare that the contents of this consignment are fully and accurately described above by the proper shipping name, and are classified, packaged, marked and labelled/placarded and are in all respects in proper condition for transport according to the applicable international and national governmental regulations.",
        '发货人声明：兹声明本批货物已按正确运输名称完整、准确地描述如上，并已按照适用的国际和国家政府规定进行分类、包装、标记、张贴标签/标牌，各方面均处于适合运输的良好状态。',
      ),
      { size: 8.5 },
    );
    doc.para(
      L(
        l,
        'Container packing certificate: the container was clean, dry and fit to receive the goods; the goods were packed and secured as the CTU Code requires, and the container and packages are marked and placarded.',
        '集装箱装箱证明：集装箱清洁、干燥，适于装载该货物；货物已按CTU规则装箱并加固，集装箱及包装件均已正确标记和张贴标牌。',
      ),
      { size: 8.5 },
    );
    doc.signature(L(l, ['Shipper: name, signature, date', 'Packer: name, signature, date'], ['发货人：姓名、签字、日期', '装箱人：姓名、签字、日期']));
  },
  'reefer-instruction': (doc, l) => {
    doc.para(
      L(
        l,
        'Give the settings of each reefer container with the booking. The unit is set to the temperature you state: pre-cool the cargo to it before stuffing, since a reefer keeps a temperature but is not designed to lower it.',
        '请在订舱时提供每个冷藏箱的设定参数。冷藏箱将按您申报的温度设定：装箱前请将货物预冷至该温度，因为冷藏箱用于保持温度而非降低货物温度。',
      ),
    );
    doc.fields(L(l, ['Booking number', 'Commodity and HS code', 'Packaging and number of packages'], ['订舱号', '货名及HS编码', '包装及件数']));
    doc.table(
      L(l, ['Setting', 'Value', 'Notes'], ['设定项目', '数值', '说明']),
      L(
        l,
        [
          ['Carrying temperature', '______ °C', 'From -35 °C to +30 °C'],
          ['Ventilation', '______ m³/h, or closed', 'Fresh-air exchange for fruit and vegetables'],
          ['Humidity set point', '______ %', 'Dehumidification from 60 to 95 % where needed'],
          ['Controlled atmosphere', 'O₂ ____ %  CO₂ ____ %', 'Only with a controlled-atmosphere unit'],
          ['Cold treatment', 'Protocol ______, ____ days at ____ °C', 'With USDA-approved probes, calibrated before stuffing'],
          ['Genset for road transport', 'yes / no', '380/440 V supply needed on the truck'],
        ],
        [
          ['运输温度', '______ °C', '范围 -35 °C 至 +30 °C'],
          ['通风量', '______ 立方米/小时，或关闭', '水果蔬菜所需新风换气'],
          ['湿度设定', '______ %', '如需除湿，可设60%至95%'],
          ['气调', '氧气 ____ %  二氧化碳 ____ %', '仅限气调冷箱'],
          ['冷处理', '检疫协议 ______，____ 天，____ °C', '使用经认可的温度探头，装箱前校准'],
          ['公路运输发电机', '是 / 否', '拖车须提供380/440伏电源'],
        ],
      ),
      [1.3, 1.6, 2],
    );
    doc.note(
      L(
        l,
        'Remote monitoring reports the supply and return air temperatures every hour to our reefer desk, which calls you if a reading leaves the set range.',
        '远程监控系统每小时向我司冷箱监控中心报告送风和回风温度，读数超出设定范围时我们将及时与您联系。',
      ),
    );
    doc.signature(L(l, ['Shipper: signature and stamp', 'Date'], ['发货人签章', '日期']));
  },
  'oog-request': (doc, l) => {
    doc.para(
      L(
        l,
        "For cargo on flat racks or in open-top containers that exceeds the container's dimensions. Send it with a drawing or photographs; our special cargo team confirms stowage and lashing within 2 working days.",
        '适用于超出集装箱尺寸、以框架箱或开顶箱装运的货物。请附图纸或照片；我司特种货物团队将在2个工作日内确认积载和绑扎方案。',
      ),
    );
    doc.fields(
      L(
        l,
        [
          'Booking number, ports of loading and discharge',
          'Commodity',
          'Container type (20FR, 40FR, 20OT, 40OT)',
          'Length x width x height (cm)',
          'Gross weight (kg)',
          'Over-height / over-width left / right / over-length (cm)',
          'Centre of gravity and lifting points',
          'Lashing points on the cargo',
          'Can the cargo be stacked on? (yes / no)',
        ],
        [
          '订舱号、装货港及卸货港',
          '货名',
          '箱型（20FR、40FR、20OT、40OT）',
          '长 x 宽 x 高（厘米）',
          '毛重（千克）',
          '超高/左超宽/右超宽/超长（厘米）',
          '重心及吊点位置',
          '货物上的绑扎点',
          '货物上方能否堆装（是/否）',
        ],
      ),
    );
    doc.signature(L(l, ['Shipper: signature and stamp', 'Date'], ['发货人签章', '日期']));
  },
  'dg-guide': (doc, l) => {
    doc.para(
      L(
        l,
        'We accept dangerous goods under the IMDG Code on all our services, subject to the rules of each vessel and port. This guide says what we accept where, and what to send.',
        '我司所有航线均按IMDG规则受理危险品，但须符合各船舶及港口的规定。本指南说明各航线的受理范围及所需单证。',
      ),
    );
    doc.heading(L(l, 'Acceptance by class', '各类别受理情况'));
    const Y = L(l, 'Accepted', '受理'),
      R = L(l, 'On request', '须申请'),
      N = L(l, 'Not accepted', '不受理');
    doc.table(
      L(l, ['IMDG class', 'Trans-Pacific', 'Asia-Europe', 'Intra-Asia', 'Other trades'], ['IMDG类别', '跨太平洋', '亚欧', '亚洲区域内', '其他航线']),
      [
        [L(l, '1 Explosives (1.4S)', '1类 爆炸品（1.4S）'), R, R, R, R],
        [L(l, '1 Explosives (other)', '1类 爆炸品（其他）'), N, N, N, N],
        [L(l, '2 Gases', '2类 气体'), Y, Y, Y, Y],
        [L(l, '3 Flammable liquids', '3类 易燃液体'), Y, Y, Y, Y],
        [L(l, '4.1-4.3 Flammable solids', '4.1至4.3类 易燃固体'), Y, R, Y, R],
        [L(l, '5.1 Oxidizers, 5.2 Organic peroxides', '5.1类 氧化剂，5.2类 有机过氧化物'), R, R, R, R],
        [L(l, '6.1 Toxic substances', '6.1类 毒性物质'), Y, Y, Y, Y],
        [L(l, '6.2 Infectious substances', '6.2类 感染性物质'), N, N, N, N],
        [L(l, '7 Radioactive material', '7类 放射性物质'), R, R, R, N],
        [L(l, '8 Corrosives', '8类 腐蚀性物质'), Y, Y, Y, Y],
        [L(l, '9 Miscellaneous, incl. lithium batteries', '9类 杂项（含锂电池）'), Y, Y, Y, Y],
      ],
      [2.4, 1, 1, 1, 1],
    );
    doc.heading(L(l, 'What to send, and when', '所需单证及时限'));
    doc.bullets(
      L(
        l,
        [
          'With the booking: UN number, proper shipping name, class, packing group, flash point, quantity and packaging, and the safety data sheet (SDS).',
          "At least 72 hours before the vessel's arrival: the signed dangerous goods declaration and container packing certificate.",
          'Lithium batteries and vehicles: the UN 38.3 test summary; electric vehicles with the battery charged to 30 % or less.',
          'Answer within 2 working days; bookings for classes on request may need the approval of the ports on the route.',
        ],
        [
          '订舱时：联合国编号、正确运输名称、类别、包装类别、闪点、数量及包装，以及安全技术说明书（SDS）。',
          '船舶抵港前至少72小时：经签署的危险货物申报单及集装箱装箱证明。',
          '锂电池及车辆：提供UN 38.3测试概要；电动汽车电池电量不高于30%。',
          '我司在2个工作日内答复；须申请的类别可能需经航线各港口批准。',
        ],
      ),
    );
  },
  'stuffing-guide': (doc, l) => doc.markdown(read(`content/pages/${l}/stuffing-regulations.md`)),
  'container-specs': (doc, l) => {
    const { types } = json('content/containers.json');
    const name = { 20: "20'", '20hc': "20'HC", 40: "40'", '40hc': "40'HC", '40oh': "40'OH" };
    for (const type of types) {
      if (!type.sizes) continue;
      doc.heading(type.title[l]);
      doc.table(
        L(
          l,
          ['Size', 'Inside L x W x H (mm)', 'Door W x H (mm)', 'Volume (m³)', 'Tare (kg)', 'Max. payload (kg)'],
          ['尺寸', '内部长x宽x高（毫米）', '箱门宽x高（毫米）', '容积（立方米）', '自重（千克）', '最大载重（千克）'],
        ),
        type.sizes.map((s) => [
          name[s.code] ?? s.code,
          `${money(s.length)} x ${money(s.width)} x ${money(s.height)}`,
          s.doorWidth ? `${money(s.doorWidth)} x ${money(s.doorHeight)}` : '-',
          s.volume ? String(s.volume) : '-',
          s.tare ? money(s.tare) : '-',
          Array.isArray(s.payload) ? s.payload.map(money).join(' / ') : s.payload ? money(s.payload) : '-',
        ]),
        [0.8, 1.8, 1.4, 1, 0.9, 1.4],
        { align: ['', '', '', 'right', 'right', 'right'] },
      );
    }
    doc.note(
      L(
        l,
        "Typical figures of our units. The CSC plate on each container's door states its own tare and maximum gross mass; those are the values that count when you load. Where two payloads are given, the second applies to units rated for a higher gross mass.",
        '以上为我司箱体的典型参数。每个箱门上的CSC安全铭牌标明该箱的实际自重与最大总重，装箱时以铭牌为准。列有两个载重值的，第二个适用于额定总重较高的箱体。',
      ),
    );
  },
  'loss-compensation': (doc, l) => {
    const page = json('content/services/pages/container-loss.json');
    for (const p of page.intro[l]) doc.para(p);
    doc.table(
      L(l, ['Size', 'Type', 'Compensation (USD)'], ['尺寸', '箱型', '赔偿金额（美元）']),
      page.table.rows.map((r) => [r.size, r.type[l], money(r.money)]),
      [1, 3, 1.4],
      { align: ['', '', 'right'] },
    );
    doc.note(page.table.note[l]);
    for (const s of page.sections) {
      doc.heading(s.title[l]);
      if (s.bullets) doc.bullets(s.bullets[l], Boolean(s.ordered));
      if (s.text) for (const p of [s.text[l]].flat()) doc.para(p);
    }
  },
  'china-free-time': (doc, l) => {
    doc.para(
      L(
        l,
        'Free time counts calendar days from the day the container is discharged (import) or picked up empty (export), including that day. After it, detention is charged per container and day, in CNY, at the rate of the period reached.',
        '免费用箱期按日历日计算：进口自卸船之日起算，出口自提取空箱之日起算（含当日）。超过免费期后，按每箱每日、以人民币、按所处时段的费率收取超期使用费。',
      ),
    );
    const ports = L(
      l,
      ['Shanghai, Ningbo', 'Qingdao, Tianjin, Dalian', 'Shenzhen (Yantian, Shekou), Guangzhou (Nansha)', 'Xiamen, Fuzhou'],
      ['上海、宁波', '青岛、天津、大连', '深圳（盐田、蛇口）、广州（南沙）', '厦门、福州'],
    );
    doc.heading(L(l, 'Free days', '免费天数'));
    doc.table(
      L(l, ['Ports', 'Dry, export', 'Dry, import', 'Reefer, export / import', 'Flat rack, open top'], ['港口', '干货箱出口', '干货箱进口', '冷藏箱出口/进口', '框架箱、开顶箱']),
      [
        [ports[0], '10', '7', '4 / 3', '5'],
        [ports[1], '10', '10', '4 / 4', '5'],
        [ports[2], '7', '7', '3 / 3', '5'],
        [ports[3], '10', '7', '4 / 3', '5'],
      ],
      [2.6, 1, 1, 1.3, 1.2],
      { align: ['', 'right', 'right', 'right', 'right'] },
    );
    doc.heading(L(l, 'Detention per container and day (CNY)', '超期使用费（人民币/箱/天）'));
    doc.table(
      L(l, ['Container', 'Days 1-7 after free time', 'Days 8-14', 'From day 15'], ['箱型', '超期第1至7天', '第8至14天', '第15天起']),
      [
        [L(l, "20' dry", '20英尺干货箱'), '60', '120', '240'],
        [L(l, "40' / 40'HC dry", '40英尺干货箱/高箱'), '120', '240', '480'],
        [L(l, "20' reefer", '20英尺冷藏箱'), '300', '600', '900'],
        [L(l, "40'HC reefer", '40英尺高冷藏箱'), '480', '960', '1,440'],
        [L(l, "20' flat rack / open top", '20英尺框架箱/开顶箱'), '200', '400', '600'],
        [L(l, "40' flat rack / open top", '40英尺框架箱/开顶箱'), '350', '700', '1,050'],
      ],
      [2.2, 1.3, 1.1, 1.1],
      { align: ['', 'right', 'right', 'right'] },
    );
    doc.note(
      L(
        l,
        'Valid for bookings made from 1 January 2026. Longer free time agreed in a service contract prevails. Terminal storage (demurrage) is charged by the terminal under its own tariff.',
        '适用于2026年1月1日起的订舱。服务合同另有约定的免费期以合同为准。码头堆存费由码头按其费率另行收取。',
      ),
    );
  },
};

// ---------------------------------------------------------------- tariffs
const round5 = (n) => Math.round(n / 5) * 5;
function writeTariff(t, l) {
  const portNames = t.ports.map((p) => `${p.name[l]} (${p.locode})`).join(l === 'zh' ? '、' : ', ');
  const doc = new Doc(
    l,
    t.name[l],
    L(l, `Valid ${fmtDate(t.validFrom, l)} to ${fmtDate(t.validTo, l)}  |  base ports ${portNames}`, `有效期：${fmtDate(t.validFrom, l)}至${fmtDate(t.validTo, l)}  |  基本港：${portNames}`),
  );
  doc.para(
    L(
      l,
      `Carrier haulage between the base ports and the zones below, in euros (EUR) per container, one way, for containers up to 25 tonnes gross. The rate includes 2 hours for loading or unloading at the customer's premises.`,
      `基本港与下列区域之间的承运人内陆运输费率，单位为欧元/箱，单程，适用于总重不超过25吨的集装箱。费率包含在客户场所2小时的装卸货时间。`,
    ),
  );
  doc.table(
    L(l, ['Zone', 'Places', 'Road km', "20' truck", "40' truck", "20' / 40' rail or barge"], ['区域', '主要地点', '公路里程（公里）', '20英尺公路', '40英尺公路', '20英尺/40英尺铁路或驳船']),
    t.zones.map((z) => {
      const r20 = round5(t.rate.base20 + t.rate.perKm20 * z.km);
      const r40 = round5(t.rate.base40 + t.rate.perKm40 * z.km);
      return [z.zone, z.places[l], String(z.km), money(r20), money(r40), z.rail ? `${money(round5(r20 * t.rate.railFactor))} / ${money(round5(r40 * t.rate.railFactor))}` : '-'];
    }),
    [0.7, 2.8, 0.8, 0.8, 0.8, 1.3],
    { align: ['', '', 'right', 'right', 'right', 'right'] },
  );
  doc.heading(L(l, 'Surcharges and conditions', '附加费及条件'));
  doc.bullets(
    L(
      l,
      [
        `Fuel surcharge: ${t.fuelSurchargePercent} % on the truck rates, reviewed every month.`,
        'Waiting time beyond 2 hours: EUR 45 per started hour. Cancellation on the day of transport: 50 % of the rate.',
        'Gross weight over 25 tonnes: 15 % surcharge where the law allows it. Dangerous goods (ADR/RID): 20 % surcharge.',
        'Reefer containers: generator set EUR 95 per trip. Out-of-gauge cargo: quotation on request.',
        'Road tolls are included; customs formalities and terminal charges for rail and barge are not.',
        `Rail and barge rates apply to delivery at the inland terminal of the zone (last mile by truck quoted separately).`,
      ],
      [
        `燃油附加费：公路运价的${t.fuelSurchargePercent}%，每月调整。`,
        '超过2小时的等待时间：每小时（不足一小时按一小时计）45欧元。运输当日取消：收取运价的50%。',
        '总重超过25吨：在法律允许范围内加收15%。危险品（ADR/RID）：加收20%。',
        '冷藏箱：发电机每趟95欧元。超限货物：另行报价。',
        '费率已含道路通行费；不含报关手续费及铁路、驳船码头费用。',
        '铁路及驳船运价适用于交付至区域内陆码头（末端公路运输另行报价）。',
      ],
    ),
  );
  return doc.bytes({ Title: `${t.name.en}${l === 'zh' ? ' (Chinese)' : ''}`, Subject: 'EU inland haulage tariff' });
}

// ---------------------------------------------------------------- main
const downloads = json('content/help/downloads.json');
const { tariffs } = json('content/help/tariffs.json');
let count = 0;
let bytes = 0;
const write = (path, data) => {
  mkdirSync(dirname(join(ROOT, 'public', path)), { recursive: true });
  writeFileSync(join(ROOT, 'public', path), data);
  count++;
  bytes += data.length;
};
for (const file of downloads.files) {
  const writer = WRITERS[file.id];
  if (!writer) throw new Error(`content/help/downloads.json: no writer for ${file.id} in src/build/derived/generators/make-help-documents.mjs`);
  for (const l of ['en', 'zh']) {
    const doc = new Doc(l, file.name[l], `${file.summary[l]} ${L(l, `Version of ${fmtDate(file.updated, l)}.`, `${fmtDate(file.updated, l)}版。`)}`);
    writer(doc, l);
    write(file.file[l], doc.bytes({ Title: `${file.name.en}${l === 'zh' ? ' (Chinese)' : ''}`, Subject: file.summary.en }));
  }
}
for (const t of tariffs) for (const l of ['en', 'zh']) write(t.file[l], writeTariff(t, l));
console.log(`${count} PDF files, ${Math.round(bytes / 1024)} KB in all, in public/files/downloads/ and public/files/tariffs/`);
