import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { images } from '../../schema/images.table.ts';

export type ImageRow = Pick<typeof images.$inferSelect, 'organisationId' | 'storageKey' | 'mime'>;

/** One statement for every image of an upload: they are all written or none is. */
export async function insertImages(db: DbOrTx, rows: (typeof images.$inferInsert)[]) {
  await db.insert(images).values(rows);
}

export async function findImage(db: DbOrTx, uuid: string): Promise<ImageRow | undefined> {
  const [row] = await db
    .select({
      organisationId: images.organisationId,
      storageKey: images.storageKey,
      mime: images.mime,
    })
    .from(images)
    .where(eq(images.uuid, uuid));
  return row;
}

/**
 * Which of these uuids are images of the organisation: for rich text that may only show its own
 * organisation's images (the uuids come from IMAGE_SRC matches).
 */
export async function organisationImageUuids(
  db: DbOrTx,
  organisationId: number,
  uuids: readonly string[],
): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const rows = await db
    .select({ uuid: images.uuid })
    .from(images)
    .where(and(eq(images.organisationId, organisationId), inArray(images.uuid, [...uuids])));
  return new Set(rows.map((r) => r.uuid));
}

/**
 * Which of these uuids are images this person uploaded in this organisation, with their sizes:
 * what a wall post may show (a person shows their own uploads only).
 */
export async function imagesUploadedBy(
  db: DbOrTx,
  uploader: { organisationId: number; userId: number },
  uuids: readonly string[],
): Promise<Map<string, { width: number; height: number }>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({ uuid: images.uuid, width: images.width, height: images.height })
    .from(images)
    .where(
      and(
        eq(images.organisationId, uploader.organisationId),
        eq(images.uploadedBy, uploader.userId),
        inArray(images.uuid, [...uuids]),
      ),
    );
  return new Map(rows.map((r) => [r.uuid, { width: r.width, height: r.height }]));
}
