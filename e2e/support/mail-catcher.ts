import { createServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mail-parse.ts';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

export interface MailCatcher {
  /** For the server under test: SMTP_URL. */
  smtpUrl: string;
  /** GET {mailboxURL}/mails answers every mail caught so far, as JSON. */
  mailboxURL: string;
  stop: () => Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * A real SMTP server in the test process (the smtp-server package), so the server under test
 * sends its mails exactly as in production. Spec files run in other processes: they read the
 * mails over a tiny HTTP endpoint.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { subject, text } = parseMail(Buffer.concat(chunks).toString('utf8'));
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject,
          text,
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  const smtpPort = await listen(smtp.server);

  const http = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/mails') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(mails));
      return;
    }
    response.writeHead(404).end();
  });
  const httpPort = await listen(http);

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    mailboxURL: `http://127.0.0.1:${httpPort}`,
    stop: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
