/**
 * Just enough MIME to read the mails Atrium sends through nodemailer: headers, a
 * multipart/alternative body, and quoted-printable or base64 parts. (The `mailparser` package
 * cannot be installed here.)
 */

export interface ParsedMail {
  subject: string;
  text: string;
}

type Headers = Record<string, string>;

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function parseHeaders(head: string): Headers {
  const headers: Headers = {};
  // Continuation lines start with white space (RFC 5322 folding).
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function bytesToText(bytes: number[]): string {
  return Buffer.from(bytes).toString('utf8');
}

/** Quoted-printable (RFC 2045): '=' + CRLF is a soft line break, '=XX' a byte. */
export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return bytesToText(bytes);
}

function decodeBody(body: string, encoding = ''): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** '=?UTF-8?Q?Caf=C3=A9?=' words in headers (RFC 2047). */
function decodeEncodedWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset, kind, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function findTextPart(headers: Headers, body: string): string | null {
  const type = headers['content-type'] ?? 'text/plain';
  if (type.toLowerCase().startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return null;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const { head, body: partBody } = splitHead(part.replace(/^\r?\n/, ''));
      const found = findTextPart(parseHeaders(head), partBody);
      if (found !== null) return found;
    }
    return null;
  }
  if (!type.toLowerCase().startsWith('text/plain')) return null;
  return decodeBody(body, headers['content-transfer-encoding']).replace(/\r\n/g, '\n').trim();
}

export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  return {
    subject: decodeEncodedWords(headers.subject ?? ''),
    text: findTextPart(headers, body) ?? '',
  };
}
