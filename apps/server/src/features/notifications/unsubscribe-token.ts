import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TYPES, type TNotificationType } from '@atrium/contract';
import type { AppContext } from '../../core/context.ts';

const SECRET = 'notifications.unsubscribe';

/**
 * A one-click unsubscribe token: user and type, signed with an install secret. It does not
 * expire: an old mail's link must still stop the mails it offers to stop, and all it can do is
 * turn one kind of e-mail off for one user.
 */
export async function unsubscribeToken(
  ctx: Pick<AppContext, 'secrets'>,
  userId: number,
  type: TNotificationType,
): Promise<string> {
  const body = Buffer.from(`${userId}.${type}`).toString('base64url');
  return `${body}.${await sign(ctx, body)}`;
}

export async function readUnsubscribeToken(
  ctx: Pick<AppContext, 'secrets'>,
  token: string,
): Promise<{ userId: number; type: TNotificationType } | null> {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const expected = Buffer.from(await sign(ctx, body));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [id, type] = Buffer.from(body, 'base64url').toString().split('.');
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId < 1) return null;
  if (!(NOTIFICATION_TYPES as readonly string[]).includes(type ?? '')) return null;
  return { userId, type: type as TNotificationType };
}

async function sign(ctx: Pick<AppContext, 'secrets'>, body: string) {
  return createHmac('sha256', await ctx.secrets.get(SECRET))
    .update(body)
    .digest('base64url');
}
