import type { DbOrTx } from '../../src/core/db/database.ts';
import { type BadgeCriteria, badgeAwards, badges } from '../../src/schema/badges.table.ts';

/** A badge of an organisation (no image), active, asking for `criteria` (manual only by default). */
export async function makeBadge(
  db: DbOrTx,
  options: {
    organisationId: number;
    name?: string;
    criteria?: Partial<BadgeCriteria>;
    active?: boolean;
    postToWall?: boolean;
  },
) {
  const criteria: BadgeCriteria = {
    manual_only: false,
    courses: [],
    learning_paths: [],
    assessments: [],
    points: null,
    badges: [],
    ...options.criteria,
  };
  if (!options.criteria) criteria.manual_only = true;
  const [row] = await db
    .insert(badges)
    .values({
      organisationId: options.organisationId,
      name: options.name ?? `Badge ${Math.random().toString(36).slice(2, 8)}`,
      criteria,
      active: options.active ?? true,
      postToWall: options.postToWall ?? false,
    })
    .returning();
  return row!;
}

/** A live award of the badge to a person. */
export async function makeBadgeAward(
  db: DbOrTx,
  badge: { id: number; organisationId: number },
  userId: number,
) {
  const [row] = await db
    .insert(badgeAwards)
    .values({ badgeId: badge.id, organisationId: badge.organisationId, userId, manual: true })
    .returning();
  return row!;
}

/** A small PNG as the `image` part of a badge form (any raster the server accepts). */
export async function badgeImagePart(
  format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png',
  size = { width: 300, height: 200 },
) {
  const { default: sharp } = await import('sharp');
  const content = await sharp({
    create: { ...size, channels: 3, background: '#2266aa' },
  })
    .toFormat(format)
    .toBuffer();
  return { name: 'image', filename: `badge.${format}`, content, type: `image/${format}` };
}
