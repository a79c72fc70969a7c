import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';
import { users } from './users.table.ts';

/**
 * Open Badges 3.0 credentials (features/credentials): each organisation's Ed25519 signing key,
 * its Bitstring Status Lists, and one signed credential per badge award or certificate.
 */

/** One signing key per organisation; the secret half sealed under an install secret. */
export const credentialKeys = pgTable('credential_keys', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** The Ed25519 public key, multibase (z6Mk…): also the did:key identifier. */
  publicKeyMultibase: varchar('public_key_multibase', { length: 100 }).notNull(),
  /** `v1.<iv>.<tag>.<ciphertext>` (credentials.keys.ts), never the plain secret key. */
  secretKeySealed: text('secret_key_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A revocation list of an organisation: `length` bits, each credential owns one index. The signed
 * BitstringStatusListCredential is kept ready (re-signed when a bit changes), so the public read
 * costs no signature.
 */
export const credentialStatusLists = pgTable(
  'credential_status_lists',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The list credential's id: what credentials point to and the document loader resolves. */
    url: text('url').notNull().unique('credential_status_lists_url_uq'),
    length: integer('length').notNull(),
    /** The next free index; the list is full when it reaches `length`. */
    nextIndex: integer('next_index').notNull().default(0),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credential_status_lists_org_idx').on(t.organisationId, t.id),
    check('credential_status_lists_index_ck', sql`${t.nextIndex} between 0 and ${t.length}`),
  ],
);

export const credentials = pgTable(
  'credentials',
  {
    uuid: uuid('uuid').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).$type<'badge' | 'certificate'>().notNull(),
    /** The badge award's or the certificate's id (no foreign key: those slices own them). */
    refId: integer('ref_id').notNull(),
    // The credential is the organisation's statement and outlives the account.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    statusListId: integer('status_list_id')
      .notNull()
      .references(() => credentialStatusLists.id, { onDelete: 'cascade' }),
    statusIndex: integer('status_index').notNull(),
    /** Badges: the image-store uuid of the badge image baked into badge.png (null: initials). */
    imageUuid: uuid('image_uuid'),
    /** The signed OpenBadgeCredential, exactly as issued. */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    // Exactly once per award or certificate, however often its event is delivered.
    unique('credentials_ref_uq').on(t.kind, t.refId),
    unique('credentials_status_uq').on(t.statusListId, t.statusIndex),
    index('credentials_org_idx').on(t.organisationId, t.issuedAt),
    index('credentials_user_idx').on(t.userId),
    check('credentials_kind_ck', sql`${t.kind} in ('badge', 'certificate')`),
  ],
);
