import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DbOrTx } from '../db/database.ts';
import { mailOutbox } from './mail-outbox.table.ts';

/** A file sent with a mail (text content: an iCalendar invitation, a CSV). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Text, or with `encoding: 'base64'` a binary file (an XLSX, a PDF) as base64. */
  content: string;
  encoding?: 'base64';
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
  /**
   * An iCalendar invitation (RFC 5546): sent as the message's text/calendar alternative with its
   * METHOD, which is what Outlook and Gmail turn into the calendar's accept/update/cancel.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Sends through an SMTP server (SMTP_URL). */
export class SmtpMailer implements Mailer {
  readonly transport = 'smtp';
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const { calendar, ...rest } = message;
    await this.transporter.sendMail({
      from: this.from,
      ...rest,
      ...(calendar
        ? {
            icalEvent: {
              method: calendar.method,
              filename: calendar.filename,
              content: calendar.content,
            },
          }
        : {}),
    });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

/** Without SMTP: the message goes to the outbox table and a log line says so. */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox';

  constructor(
    private readonly db: DbOrTx,
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        headers: message.headers ?? null,
        // The invitation is kept as the attachment it is, so an operator can resend it.
        attachments: [
          ...(message.attachments ?? []),
          ...(message.calendar
            ? [
                {
                  filename: message.calendar.filename,
                  contentType: `text/calendar; charset=utf-8; method=${message.calendar.method}`,
                  content: message.calendar.content,
                },
              ]
            : []),
        ],
      })
      .returning({ id: mailOutbox.id });
    this.log.info(
      { outboxId: row?.id, to: message.to, subject: message.subject },
      'mail stored in outbox (no SMTP_URL configured)',
    );
  }

  async close(): Promise<void> {}
}
