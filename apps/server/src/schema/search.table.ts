import { type SQL, sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.table.ts';

/** A text search configuration name (`english`, `simple`...): to_tsvector takes it as is. */
const regconfig = customType<{ data: string; driverData: string }>({
  dataType: () => 'regconfig',
});

/** The stored, weighted lexemes of a document: written by the database, never by the app. */
const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/**
 * The global search index (features/search; issue 23): one document per findable item, written
 * from the item's slice's provider (core/search-provider.ts). It holds no permissions: who may
 * open a matched item is asked of its slice at query time. Item ids are the slices' own, so there
 * is no foreign key to them; a document of a gone item is dropped by the next `search.changed`
 * or rebuild.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    kind: varchar('kind', { length: 40 }).notNull(),
    itemId: integer('item_id').notNull(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    subtitle: text('subtitle'),
    href: text('href').notNull(),
    /** The configuration the lexemes were made with; queries use the same one. */
    language: regconfig('language').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The title ranks above the body (weights A and B); stemmed in the row's own language.
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector(${searchDocuments.language}, ${searchDocuments.title}), 'A') || setweight(to_tsvector(${searchDocuments.language}, ${searchDocuments.body}), 'B')`,
      ),
  },
  (t) => [
    primaryKey({ name: 'search_documents_pk', columns: [t.kind, t.itemId] }),
    // The query's matching: words (GIN on the lexemes) or a misspelt title (trigrams).
    index('search_documents_tsv_idx').using('gin', t.tsv),
    index('search_documents_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    // A rebuild drops the documents of its kind it did not rewrite.
    index('search_documents_kind_updated_idx').on(t.kind, t.updatedAt),
  ],
);

/** What each kind was last fully indexed with: a changed provider version or language rebuilds it. */
export const searchKinds = pgTable('search_kinds', {
  kind: varchar('kind', { length: 40 }).primaryKey(),
  version: integer('version').notNull(),
  language: text('language').notNull(),
  indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
});
