import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  /** The whole message as received, for headers the parsed fields leave out. */
  raw: string;
}

/** A real SMTP server inside the test: Atrium sends to it through nodemailer as in production. */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => {
        raw += c;
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...parseMail(raw) });
        for (const w of waiters.splice(0)) w();
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest mail to this address, waiting up to 5 s for it. */
    async latestTo(address: string): Promise<CaughtMail> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = mails.filter((m) => m.to.includes(address)).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Subject and plain-text body of a message as nodemailer writes it (quoted-printable parts). */
function parseMail(raw: string): { subject: string; text: string } {
  const subject =
    /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? '';
  // The part ends at its MIME boundary, not at any line starting with '--': a
  // wrapped base64url token can start a line with '--'.
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const end = boundary ? `\r\n--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}` : '(?!)';
  const plain = new RegExp(
    `Content-Type: text\\/plain[\\s\\S]*?\\r\\n\\r\\n([\\s\\S]*?)(?:${end}|$(?![\\s\\S]))`,
    'i',
  ).exec(raw);
  const encoded =
    /Content-Type: text\/plain[\s\S]*?Content-Transfer-Encoding: quoted-printable/i.test(raw);
  const body = plain?.[1] ?? '';
  const text = encoded
    ? Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) =>
            String.fromCharCode(Number.parseInt(h, 16)),
          ),
        'latin1',
      ).toString('utf8')
    : body;
  return { subject, text };
}
