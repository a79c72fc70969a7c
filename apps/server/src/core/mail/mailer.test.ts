import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/database.ts';
import type { Database } from '../db/database.ts';
import { mailOutbox } from './mail-outbox.table.ts';
import { OutboxMailer, SmtpMailer } from './mailer.ts';

describe('OutboxMailer (no SMTP configured)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps the message in the outbox table and logs a line', async () => {
    const log = { info: vi.fn() };
    const mailer = new OutboxMailer(database.db, log);
    await mailer.send({ to: 'ada@example.test', subject: 'Verify your e-mail', text: 'Hello' });
    const rows = await database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      to: 'ada@example.test',
      subject: 'Verify your e-mail',
      text: 'Hello',
    });
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'ada@example.test', outboxId: rows[0]!.id }),
      expect.stringContaining('outbox'),
    );
  });
});

describe('SmtpMailer', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (c) => {
          data += c;
        });
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers through the configured SMTP server', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Atrium <no-reply@atrium.test>');
    await mailer.send({
      to: 'lena@example.test',
      subject: 'Reset your password',
      text: 'Code 123456',
    });
    await mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@atrium.test');
    expect(received[0]!.to).toEqual(['lena@example.test']);
    expect(received[0]!.data).toContain('Subject: Reset your password');
    expect(received[0]!.data).toContain('Code 123456');
  });
});
