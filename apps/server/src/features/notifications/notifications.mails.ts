import { type TNotification, type TNotificationType, UNSUBSCRIBE_PAGE } from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { MailMessage } from '../../core/mail/mailer.ts';
import { organisations, organisationThemes } from '../../schema/organisations.table.ts';
import { organisationBaseUrl } from '../organisations/index.ts';
import { typeDefinition } from './notification-types.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const COLOUR = /^#[0-9a-f]{3,8}$/i;

/** What every notification mail of an organisation shares: its name, colours and address. */
export interface MailBrand {
  title: string;
  baseUrl: string;
  heading: string;
  button: string;
}

export async function brandOf(ctx: AppContext, organisationId: number): Promise<MailBrand | null> {
  const [row] = await ctx.db
    .select({ org: organisations, theme: organisationThemes })
    .from(organisations)
    .leftJoin(organisationThemes, eq(organisationThemes.organisationId, organisations.id))
    .where(eq(organisations.id, organisationId));
  if (!row) return null;
  // Theme colours are stored as typed by an admin: only a plain hex colour reaches the style.
  const colour = (c: string | null | undefined, fallback: string) =>
    c && COLOUR.test(c) ? c : fallback;
  return {
    title: row.theme?.title || row.org.title,
    baseUrl: organisationBaseUrl(row.org, ctx.config.publicBaseUrl),
    heading: colour(row.theme?.headingColor, '#222222'),
    button: colour(row.theme?.buttonColor, '#f9a72f'),
  };
}

interface Line {
  message: string;
  url: string;
}

/**
 * One mail: lines (one notification, or a digest's many) with links, the unsubscribe link in
 * the body and the RFC 8058 headers, HTML and plain text alike.
 */
async function compose(
  ctx: AppContext,
  brand: MailBrand,
  recipient: { id: number; email: string },
  subject: string,
  heading: string,
  lines: Line[],
  unsubscribeTypes: TNotificationType[],
): Promise<MailMessage> {
  const unsubscribes = await Promise.all(
    unsubscribeTypes.map(async (type) => {
      const token = encodeURIComponent(await unsubscribeToken(ctx, recipient.id, type));
      return {
        label: typeDefinition(type).label,
        page: `${brand.baseUrl}${UNSUBSCRIBE_PAGE}?token=${token}`,
        api: `${brand.baseUrl}/api/notify/unsubscribe/?token=${token}`,
      };
    }),
  );
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto">`,
    `<h2 style="color:${brand.heading}">${escapeHtml(heading)}</h2>`,
    ...lines.map(
      (l) =>
        `<p>${escapeHtml(l.message)}<br><a href="${escapeHtml(l.url)}" style="color:${brand.button}">Open</a></p>`,
    ),
    `<hr><p style="color:#666;font-size:12px">${escapeHtml(brand.title)}. `,
    ...unsubscribes.map(
      (u) =>
        `<a href="${escapeHtml(u.page)}" style="color:#666">Stop e-mails: ${escapeHtml(u.label)}</a> `,
    ),
    '</p></div>',
  ].join('');
  const text = [
    heading,
    '',
    ...lines.flatMap((l) => [l.message, l.url, '']),
    '--',
    brand.title,
    ...unsubscribes.map((u) => `Stop e-mails (${u.label}): ${u.page}`),
  ].join('\n');
  // One header can name one address; a digest's mixes several types, so it names the first.
  const first = unsubscribes[0];
  return {
    to: recipient.email,
    subject,
    html,
    text,
    headers: first
      ? {
          'List-Unsubscribe': `<${first.api}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : undefined,
  };
}

/** A mail subject stays one short line, whatever the message (a manager's may run to pages). */
export const SUBJECT_MAX = 150;
export function subjectLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= SUBJECT_MAX) return line;
  const cut = line.slice(0, SUBJECT_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > SUBJECT_MAX / 2 ? cut.slice(0, space) : cut}…`;
}

export function notificationMail(
  ctx: AppContext,
  brand: MailBrand,
  recipient: { id: number; email: string },
  n: TNotification,
) {
  return compose(
    ctx,
    brand,
    recipient,
    subjectLine(`${brand.title}: ${n.message}`),
    typeDefinition(n.type).label,
    [{ message: n.message, url: `${brand.baseUrl}${n.link}` }],
    [n.type],
  );
}

export function digestMail(
  ctx: AppContext,
  brand: MailBrand,
  recipient: { id: number; email: string },
  frequency: 'daily' | 'weekly',
  items: TNotification[],
) {
  const types = [...new Set(items.map((n) => n.type))];
  const heading = `Your ${frequency} summary: ${items.length} notification${items.length === 1 ? '' : 's'}`;
  return compose(
    ctx,
    brand,
    recipient,
    `${brand.title}: ${heading}`,
    heading,
    items.map((n) => ({ message: n.message, url: `${brand.baseUrl}${n.link}` })),
    types,
  );
}
