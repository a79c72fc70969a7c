import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { credentialStatusLists, credentials } from '../../schema/credentials.table.ts';
import { organisations } from '../../schema/organisations.table.ts';
import { users } from '../../schema/users.table.ts';
import { type SigningKey, signingKey } from './credentials.keys.ts';
import { type DocumentLoader, documentLoader } from './credentials.loader.ts';
import {
  type CredentialKind,
  credentialOf,
  nextStatusListId,
  revokedIndexes,
  statusListByUrl,
  takeIndex,
} from './credentials.repository.ts';
import {
  openBadgeCredential,
  STATUS_LIST_LENGTH,
  sign,
  signedStatusList,
} from './credentials.sign.ts';

/**
 * Issuing and revoking, as the subscribers call them. Exactly once per (kind, refId): a unique
 * index, a look before the costly signature, and `on conflict do nothing` for two deliveries
 * racing (the loser's status index is simply never used). Revocation sets the credential's bit
 * and re-signs its status list under the list's row lock, so concurrent revocations of one list
 * each see the other's bit.
 */

/** The document loader with our status lists read from this database. */
export const loaderFor = (db: DbOrTx): DocumentLoader =>
  documentLoader((url) => statusListByUrl(db, url));

export const statusListUrl = (baseUrl: string, id: number) =>
  `${baseUrl}/api/credentials/status/${id}/`;

async function allocateIndex(ctx: AppContext, key: SigningKey, organisationId: number) {
  const taken = await takeIndex(ctx.db, organisationId);
  if (taken) return taken;
  // No list with room: open one and keep its index 0. Two issuers doing so at once open two
  // lists; both are valid lists, the next issuers fill the first.
  const id = await nextStatusListId(ctx.db);
  const url = statusListUrl(ctx.config.publicBaseUrl, id);
  const document = await signedStatusList(key, url, [], loaderFor(ctx.db));
  await ctx.db.insert(credentialStatusLists).values({
    id,
    organisationId,
    url,
    length: STATUS_LIST_LENGTH,
    nextIndex: 1,
    document,
  });
  return { listId: id, url, index: 0 };
}

export interface IssueInput {
  kind: CredentialKind;
  refId: number;
  organisationId: number;
  userId: number;
  /** A stable IRI of the achievement (the badge; the certificate's course or path). */
  achievementId: string;
  name: string;
  description: string;
  criteria: string;
  /** Badges: the image-store uuid of the badge image (null: a generated one). */
  imageUuid?: string | null;
  validFrom: string;
  validUntil?: string | null;
  /** The name the certificate printed; else the person's name now. */
  recipientName?: string;
}

/** Issues the credential unless it exists; its uuid (null: the person or organisation is gone). */
export async function issueCredential(ctx: AppContext, input: IssueInput): Promise<string | null> {
  const existing = await credentialOf(ctx.db, input.kind, input.refId);
  if (existing) return existing.uuid;
  const [org] = await ctx.db
    .select({ title: organisations.title })
    .from(organisations)
    .where(eq(organisations.id, input.organisationId));
  const [user] = await ctx.db
    .select({ first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, input.userId));
  // Deleted since the event: there is no one to state anything about.
  if (!org || !user) return null;
  const key = await signingKey(ctx, input.organisationId);
  const status = await allocateIndex(ctx, key, input.organisationId);
  const uuid = randomUUID();
  const baseUrl = ctx.config.publicBaseUrl;
  const unsigned = await openBadgeCredential({
    uuid,
    baseUrl,
    issuer: { did: key.did, name: org.title },
    achievementId: input.achievementId,
    name: input.name,
    description: input.description,
    criteria: input.criteria,
    ...(input.kind === 'badge' && { imageUrl: `${baseUrl}/api/credentials/${uuid}/badge.png` }),
    recipient: {
      name: input.recipientName || `${user.first} ${user.last}`.trim() || user.email,
      email: user.email,
    },
    validFrom: input.validFrom,
    validUntil: input.validUntil ?? null,
    status: { listUrl: status.url, index: status.index },
  });
  const document = await sign(key, unsigned, loaderFor(ctx.db));
  const inserted = await ctx.db
    .insert(credentials)
    .values({
      uuid,
      organisationId: input.organisationId,
      kind: input.kind,
      refId: input.refId,
      userId: input.userId,
      statusListId: status.listId,
      statusIndex: status.index,
      imageUuid: input.imageUuid ?? null,
      document,
      issuedAt: new Date(),
    })
    .onConflictDoNothing({ target: [credentials.kind, credentials.refId] })
    .returning({ uuid: credentials.uuid });
  if (inserted[0]) return uuid;
  return (await credentialOf(ctx.db, input.kind, input.refId))?.uuid ?? null;
}

export class NotIssuedYetError extends Error {}

/**
 * Sets the credential's revocation bit and re-signs its list. A revocation that arrives before
 * the issue (no order between events) throws: the delivery is retried after the issue ran.
 */
export async function revokeCredential(
  ctx: AppContext,
  kind: CredentialKind,
  refId: number,
  reason: string,
): Promise<void> {
  const row = await credentialOf(ctx.db, kind, refId);
  if (!row) throw new NotIssuedYetError(`no ${kind} credential for ${refId} yet`);
  if (row.revokedAt) return;
  const key = await signingKey(ctx, row.organisationId);
  const loader = loaderFor(ctx.db);
  await ctx.db.transaction(async (tx) => {
    const [list] = await tx
      .select({ id: credentialStatusLists.id, url: credentialStatusLists.url })
      .from(credentialStatusLists)
      .where(eq(credentialStatusLists.id, row.statusListId))
      .for('update');
    if (!list) return;
    await tx
      .update(credentials)
      .set({ revokedAt: new Date(), revokedReason: reason.slice(0, 1000) })
      .where(eq(credentials.uuid, row.uuid));
    const document = await signedStatusList(
      key,
      list.url,
      await revokedIndexes(tx, list.id),
      loader,
    );
    await tx
      .update(credentialStatusLists)
      .set({ document, updatedAt: new Date() })
      .where(eq(credentialStatusLists.id, list.id));
  });
}
