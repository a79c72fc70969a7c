import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import { moderationItems } from '../../schema/moderation.table.ts';

/** What the notifications slice reads of an item when it delivers a moderation event. */
export async function loadItemNotice(
  ctx: AppContext,
  itemId: number,
): Promise<{
  id: number;
  organisationId: number;
  title: string;
  label: string;
  link: string;
} | null> {
  const [item] = await ctx.db.select().from(moderationItems).where(eq(moderationItems.id, itemId));
  if (!item) return null;
  const label = ctx.moderationTargets.get(item.kind)?.label ?? 'Content';
  const excerpt = item.excerpt.length > 80 ? `${item.excerpt.slice(0, 79)}…` : item.excerpt;
  return {
    id: item.id,
    organisationId: item.organisationId,
    title: excerpt || label,
    label,
    link: item.link,
  };
}
