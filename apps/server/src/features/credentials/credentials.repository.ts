import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../core/db/database.ts';
import { credentialStatusLists, credentials } from '../../schema/credentials.table.ts';

export type CredentialKind = 'badge' | 'certificate';

/** The credential uuids of these awards/certificates (absent: not issued yet). One query. */
export async function credentialRefs(
  db: DbOrTx,
  kind: CredentialKind,
  refIds: readonly number[],
): Promise<Map<number, { uuid: string; revoked: boolean }>> {
  if (refIds.length === 0) return new Map();
  const rows = await db
    .select({ refId: credentials.refId, uuid: credentials.uuid, revokedAt: credentials.revokedAt })
    .from(credentials)
    .where(and(eq(credentials.kind, kind), inArray(credentials.refId, [...new Set(refIds)])));
  return new Map(rows.map((r) => [r.refId, { uuid: r.uuid, revoked: r.revokedAt !== null }]));
}

export async function findCredential(db: DbOrTx, uuid: string) {
  const [row] = await db.select().from(credentials).where(eq(credentials.uuid, uuid));
  return row;
}

export async function credentialOf(db: DbOrTx, kind: CredentialKind, refId: number) {
  const [row] = await db
    .select()
    .from(credentials)
    .where(and(eq(credentials.kind, kind), eq(credentials.refId, refId)));
  return row;
}

/** The signed list credential at this URL (the document loader's view of our lists). */
export async function statusListByUrl(db: DbOrTx, url: string) {
  const [row] = await db
    .select({ document: credentialStatusLists.document })
    .from(credentialStatusLists)
    .where(eq(credentialStatusLists.url, url));
  return row?.document ?? null;
}

export async function statusListById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ document: credentialStatusLists.document })
    .from(credentialStatusLists)
    .where(eq(credentialStatusLists.id, id));
  return row?.document ?? null;
}

/**
 * Takes the next free index of the organisation's open list, or null when every list is full.
 * One UPDATE: its row lock serialises concurrent issuers, so no index is handed out twice.
 */
export async function takeIndex(db: DbOrTx, organisationId: number) {
  const [row] = await db
    .update(credentialStatusLists)
    .set({ nextIndex: sql`${credentialStatusLists.nextIndex} + 1` })
    .where(
      and(
        eq(
          credentialStatusLists.id,
          sql`(select id from ${credentialStatusLists} where ${and(
            eq(credentialStatusLists.organisationId, organisationId),
            lt(credentialStatusLists.nextIndex, credentialStatusLists.length),
          )} order by id limit 1)`,
        ),
        // Checked again on the row as it is after a concurrent issuer's update (the row lock
        // makes the second wait), so a full list is never overfilled.
        lt(credentialStatusLists.nextIndex, credentialStatusLists.length),
      ),
    )
    .returning({
      listId: credentialStatusLists.id,
      url: credentialStatusLists.url,
      index: sql<number>`${credentialStatusLists.nextIndex} - 1`,
    });
  return row ?? null;
}

/** The revoked indexes of a list, in order (the bits to set). */
export async function revokedIndexes(db: DbOrTx, listId: number): Promise<number[]> {
  const rows = await db
    .select({ index: credentials.statusIndex })
    .from(credentials)
    .where(and(eq(credentials.statusListId, listId), isNotNull(credentials.revokedAt)))
    .orderBy(asc(credentials.statusIndex));
  return rows.map((r) => r.index);
}

/** The id the next status list will have (its URL names it, and it is signed before insert). */
export async function nextStatusListId(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select nextval(pg_get_serial_sequence('credential_status_lists', 'id')) as id`,
  );
  return Number(row?.id);
}
