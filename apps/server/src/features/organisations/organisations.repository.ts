import { DEFAULT_ORGANISATION_ID, DEFAULT_THEME } from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { organisations, organisationThemes } from '../../schema/organisations.table.ts';

export type Organisation = typeof organisations.$inferSelect;

export async function findDefaultOrganisation(db: DbOrTx): Promise<Organisation | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.isDefault, true));
  return row;
}

/**
 * The organisation that answers for every host nobody else claims. Created
 * with the spec §9 id and theme the first time an install needs it.
 */
export async function ensureDefaultOrganisation(
  db: DbOrTx,
  init: { title: string; acronym: string; welcomeMessage?: string },
): Promise<{ organisation: Organisation; created: boolean }> {
  const existing = await findDefaultOrganisation(db);
  if (existing) return { organisation: existing, created: false };
  const idTaken = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, DEFAULT_ORGANISATION_ID));
  const [organisation] = await db
    .insert(organisations)
    .values({
      ...(idTaken.length === 0 ? { id: DEFAULT_ORGANISATION_ID } : {}),
      title: init.title,
      acronym: init.acronym,
      isDefault: true,
    })
    .returning();
  // An explicit id does not move the sequence; keep later inserts from colliding.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('organisations', 'id'), (select max(id) from organisations))`,
  );
  await db.insert(organisationThemes).values({
    organisationId: organisation!.id,
    title: init.title,
    welcomeMessage: init.welcomeMessage ?? null,
    headingColor: DEFAULT_THEME.heading_color,
    themeColor: DEFAULT_THEME.theme_color,
    linkColor: DEFAULT_THEME.link_color,
    textColor: DEFAULT_THEME.text_color,
    buttonColor: DEFAULT_THEME.button_color,
    tableHeadColor: DEFAULT_THEME.table_head_color,
  });
  return { organisation: organisation!, created: true };
}
