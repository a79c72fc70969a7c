import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { assessments } from '../../schema/assessments.table.ts';
import type { CertificateKind } from '../../schema/certificates.table.ts';
import { classrooms } from '../../schema/classrooms.table.ts';
import { courses } from '../../schema/courses.table.ts';
import { learningPaths } from '../../schema/learning-paths.table.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { users } from '../../schema/users.table.ts';

/**
 * The names a certificate prints that its events do not carry: the learner's, the achievement's
 * and the organisation's. The owning slices export no name readers, so this is the one place
 * that reads their rows (read joins through src/schema, as ARCHITECTURE.md allows; never a write),
 * one query each, at issue time; the certificate keeps what it printed.
 */

export async function learnerName(db: DbOrTx, userId: number): Promise<string> {
  const [u] = await db
    .select({ first: users.firstName, last: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) return '';
  return `${u.first} ${u.last}`.trim() || u.username;
}

export async function organisationFacts(db: DbOrTx, id: number) {
  const [o] = await db
    .select({ title: organisations.title, publicBaseUrl: organisations.publicBaseUrl })
    .from(organisations)
    .where(eq(organisations.id, id));
  return o ?? { title: '', publicBaseUrl: null };
}

/** The achievement's title in its organisation, or null when it is gone. */
export async function achievementName(
  db: DbOrTx,
  organisationId: number,
  kind: CertificateKind,
  id: number,
): Promise<string | null> {
  const one = async (
    table: typeof courses | typeof learningPaths | typeof assessments | typeof classrooms,
  ) => {
    const [row] = await db
      .select({ title: table.title })
      .from(table as typeof courses)
      .where(and(eq(table.id, id), eq(table.organisationId, organisationId)));
    return row?.title ?? null;
  };
  switch (kind) {
    case 'course':
      return one(courses);
    case 'learning_path':
      return one(learningPaths);
    case 'assessment':
      return one(assessments);
    case 'classroom':
      return one(classrooms);
  }
}
