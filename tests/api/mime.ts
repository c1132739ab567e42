/**
 * Just enough MIME to read what the API mails (mailparser is not available):
 * headers (unfolded, RFC 2047 encoded-words decoded), a body decoded from
 * quoted-printable or base64, and the parts of a multipart message.
 */
export interface ParsedMail {
  headers: Record<string, string>;
  /** The text of the first text/plain part (or of the message when it is not multipart). */
  text: string;
  parts: { headers: Record<string, string>; body: Buffer; filename?: string }[];
}

function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding = '7bit'): Buffer {
  const e = encoding.toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (e === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1');
  }
  return Buffer.from(body, 'utf8');
}

function split(raw: string): [string, string] {
  const normal = raw.replace(/\r\n/g, '\n');
  const i = normal.indexOf('\n\n');
  return i < 0 ? [normal, ''] : [normal.slice(0, i), normal.slice(i + 2)];
}

export function parseMail(raw: string | Buffer): ParsedMail {
  const [head, body] = split(raw.toString());
  const headers = parseHeaders(head);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) {
    const decoded = decodeBody(body, headers['content-transfer-encoding']);
    return { headers, text: decoded.toString('utf8'), parts: [] };
  }
  const parts: ParsedMail['parts'] = [];
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const inner = parseMail(chunk.replace(/^\n/, ''));
    if (inner.parts.length) parts.push(...inner.parts);
    else {
      const [h, b] = split(chunk.replace(/^\n/, ''));
      const ph = parseHeaders(h);
      const filename = /filename="?([^";]+)"?/i.exec(ph['content-disposition'] ?? '')?.[1];
      parts.push({ headers: ph, body: decodeBody(b.replace(/\n$/, ''), ph['content-transfer-encoding']), filename });
    }
  }
  const textPart = parts.find((p) => (p.headers['content-type'] ?? '').startsWith('text/plain') && !p.filename);
  return { headers, text: textPart ? textPart.body.toString('utf8') : '', parts };
}
