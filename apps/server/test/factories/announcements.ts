import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../src/core/db/database.ts';
import {
  type AnnouncementAudience,
  announcementReads,
  announcements,
} from '../../src/schema/announcements.table.ts';
import { makeOrganisation } from './organisations.ts';
import { makeTrainer } from './users.ts';

const suffix = () => randomBytes(3).toString('hex');

export interface AnnouncementOptions {
  organisationId?: number;
  /** Default: a new trainer of the organisation. */
  createdBy?: number | null;
  title?: string;
  body?: string;
  audience?: AnnouncementAudience | null;
  /** Default: an hour ago. */
  publishAt?: Date;
  expiresAt?: Date | null;
  pinned?: boolean;
  mustAcknowledge?: boolean;
  sendEmail?: boolean;
  /** Default: announced at publishAt when that has passed, else not yet (the job's to do). */
  announcedAt?: Date | null;
}

/**
 * An announcement written directly (its body trusted as already sanitised): out an hour ago to
 * the whole organisation unless told otherwise; a past publishAt with `announcedAt: null` waits
 * for the publishing job.
 */
export async function makeAnnouncement(db: DbOrTx, options: AnnouncementOptions = {}) {
  const organisationId = options.organisationId ?? (await makeOrganisation(db)).id;
  const createdBy =
    options.createdBy === undefined
      ? (await makeTrainer(db, { organisationId })).id
      : options.createdBy;
  const publishAt = options.publishAt ?? new Date(Date.now() - 3_600_000);
  const announcedAt =
    options.announcedAt === undefined
      ? publishAt.getTime() <= Date.now()
        ? publishAt
        : null
      : options.announcedAt;
  const [row] = await db
    .insert(announcements)
    .values({
      organisationId,
      createdBy,
      title: options.title ?? `Announcement ${suffix()}`,
      body: options.body ?? '<p>Read me.</p>',
      audience: options.audience ?? null,
      publishAt,
      expiresAt: options.expiresAt ?? null,
      pinned: options.pinned ?? false,
      mustAcknowledge: options.mustAcknowledge ?? false,
      sendEmail: options.sendEmail ?? true,
      announcedAt,
    })
    .returning();
  return row!;
}

/** A reader's reading (read now unless told; acknowledged when given). */
export async function makeAnnouncementRead(
  db: DbOrTx,
  announcementId: number,
  userId: number,
  at: { readAt?: Date; acknowledgedAt?: Date | null } = {},
) {
  await db.insert(announcementReads).values({
    announcementId,
    userId,
    readAt: at.readAt ?? new Date(),
    acknowledgedAt: at.acknowledgedAt ?? null,
  });
}

/** An audience naming only what is given. */
export const audience = (a: Partial<AnnouncementAudience>): AnnouncementAudience => ({
  departments: [],
  designations: [],
  roles: [],
  course: null,
  class: null,
  ...a,
});
