import {
  CURRENT_POSITION_MESSAGE,
  EDUCATION_YEARS_MESSAGE,
  languageName,
  PROFESSIONAL_DATES_MESSAGE,
} from '@atrium/contract';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, notFound } from '../../core/errors/app-error.ts';
import {
  userAdditionalInfo,
  userAddresses,
  userEducation,
  userProfessionalInfo,
  userSocialMedia,
} from '../../schema/profiles.table.ts';
import {
  deleteSection as deleteRow,
  findSection,
  insertSections,
  type SectionRow,
  type SectionTable,
  type SectionValues,
  updateSection as updateRow,
  userHasSection,
} from './profile-sections.repository.ts';
import { assertMayEdit, found } from './profiles.access.ts';
import { isEditByAdmin, type ProfileTarget } from './profiles.policy.ts';
import { findTarget } from './profiles.repository.ts';

type FieldErrors = Record<string, string[]>;

/**
 * One profile section: its table, how payload names map to columns, and the
 * rules that need the stored row (a PATCH may send only one end of a range).
 */
export interface Section<T extends SectionTable = SectionTable> {
  key: 'education' | 'professional_info' | 'location' | 'additional_info' | 'social_media';
  /** How the section is named in messages: "Education not found." */
  label: string;
  table: T;
  /** 1:1 sections: a second create is refused with 409. */
  single: boolean;
  /** Payload field → column. */
  fields: Record<string, keyof SectionRow<T> & string>;
  check?: (merged: SectionRow<T>) => FieldErrors;
  present?: (api: Record<string, unknown>) => Record<string, unknown>;
}

const section = <T extends SectionTable>(s: Section<T>) => s as unknown as Section;

export const SECTIONS = {
  education: section({
    key: 'education',
    label: 'Education',
    table: userEducation,
    single: false,
    fields: {
      institution: 'institution',
      degree: 'degree',
      field_of_study: 'fieldOfStudy',
      start_year: 'startYear',
      end_year: 'endYear',
      grade: 'grade',
    },
    check: (r): FieldErrors =>
      r.startYear !== null && r.endYear !== null && r.endYear < r.startYear
        ? { end_year: [EDUCATION_YEARS_MESSAGE] }
        : {},
  }),
  professionalInfo: section({
    key: 'professional_info',
    label: 'Professional info',
    table: userProfessionalInfo,
    single: false,
    fields: {
      company: 'company',
      title: 'title',
      start_date: 'startDate',
      end_date: 'endDate',
      current: 'current',
      description: 'description',
    },
    check: (r): FieldErrors => {
      const errors: string[] = [];
      if (r.startDate && r.endDate && r.endDate < r.startDate)
        errors.push(PROFESSIONAL_DATES_MESSAGE);
      if (r.current && r.endDate) errors.push(CURRENT_POSITION_MESSAGE);
      return errors.length > 0 ? { end_date: errors } : {};
    },
  }),
  location: section({
    key: 'location',
    label: 'Location',
    table: userAddresses,
    single: true,
    fields: {
      address_line: 'addressLine',
      city: 'city',
      state: 'state',
      country: 'country',
      postal_code: 'postalCode',
    },
  }),
  additionalInfo: section({
    key: 'additional_info',
    label: 'Additional info',
    table: userAdditionalInfo,
    single: true,
    fields: { languages: 'languages', skills: 'skills', interests: 'interests' },
    present: (api) => ({
      ...api,
      languages: (api.languages as string[]).map((id) => ({ id, name: languageName(id) })),
    }),
  }),
  socialMedia: section({
    key: 'social_media',
    label: 'Social media',
    table: userSocialMedia,
    single: true,
    fields: {
      linkedin: 'linkedin',
      twitter: 'twitter',
      facebook: 'facebook',
      github: 'github',
      website: 'website',
    },
  }),
} satisfies Record<string, Section>;

function toValues(s: Section, input: Record<string, unknown>): SectionValues<SectionTable> {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(s.fields)) {
    if (input[field] !== undefined) values[column] = input[field];
  }
  return values;
}

/** The section as the API shows it; typed by the route's response schema. */
export function toApi<TOut>(s: Section, row: SectionRow<SectionTable>): TOut {
  const stored = row as Record<string, unknown>;
  const api: Record<string, unknown> = { id: stored.id, user: stored.userId };
  for (const [field, column] of Object.entries(s.fields)) api[field] = stored[column] ?? null;
  return (s.present ? s.present(api) : api) as TOut;
}

function assertValid(s: Section, row: SectionRow<SectionTable>) {
  const errors = s.check?.(row) ?? {};
  if (Object.keys(errors).length > 0)
    throw badRequest('Invalid input. Please correct the fields listed.', errors);
}

/** By default the caller's own profile; an admin may name a user they administer. */
async function editableTarget(db: DbOrTx, auth: AuthContext, userId: number | undefined) {
  const target = found(await findTarget(db, auth, userId ?? auth.userId));
  assertMayEdit(auth, target);
  return target;
}

async function auditAdminEdit(
  db: DbOrTx,
  auth: AuthContext,
  target: ProfileTarget,
  details: { section: string; action: 'created' | 'updated' | 'deleted'; ids: number[] },
  ip: string,
) {
  if (!isEditByAdmin(auth, target)) return;
  await recordAudit(db, {
    action: 'profile.changed_by_admin',
    actorId: auth.userId,
    targetUserId: target.userId,
    organisationId: target.organisationId,
    ip,
    details,
  });
}

/** POST: one section entry, or the whole section for the 1:1 ones. */
export async function createSection<TOut>(
  ctx: AppContext,
  auth: AuthContext,
  s: Section,
  input: { user?: number } & Record<string, unknown>,
  ip: string,
): Promise<TOut> {
  const [created] = await createMany<TOut>(ctx, auth, s, [input], ip);
  return created!;
}

/**
 * Several entries in one transaction (bulk-edu-create/): the payload was
 * validated whole before this runs, and a refused user rolls back every row.
 */
export async function createMany<TOut>(
  ctx: AppContext,
  auth: AuthContext,
  s: Section,
  inputs: ({ user?: number } & Record<string, unknown>)[],
  ip: string,
): Promise<TOut[]> {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const targets = new Map<number, ProfileTarget>();
    for (const input of inputs) {
      const id = input.user ?? auth.userId;
      if (!targets.has(id)) targets.set(id, await editableTarget(tx, auth, id));
    }
    if (s.single) {
      for (const target of targets.values()) {
        if (await userHasSection(tx, s.table, target.userId)) throw alreadyExists(s);
      }
    }
    let rows: SectionRow<SectionTable>[];
    try {
      rows = await insertSections(
        tx,
        s.table,
        inputs.map((input) => ({ ...toValues(s, input), userId: input.user ?? auth.userId })),
      );
    } catch (err) {
      // Two creates at once: the unique user_id of a 1:1 section lets only one through.
      const e = err as { code?: string; cause?: { code?: string } };
      if (s.single && (e.code ?? e.cause?.code) === '23505') throw alreadyExists(s);
      throw err;
    }
    for (const target of targets.values()) {
      const ids = rows.filter((r) => r.userId === target.userId).map((r) => r.id);
      await auditAdminEdit(tx, auth, target, { section: s.key, action: 'created', ids }, ip);
    }
    return rows.map((row) => toApi<TOut>(s, row));
  });
}

const alreadyExists = (s: Section) =>
  conflict(`The ${s.label.toLowerCase()} section already exists; update it instead.`);

/**
 * The stored entry and its owner, if the caller may edit it: another
 * organisation's entry does not exist for them (404), a colleague's is
 * read-only (403).
 */
async function editableEntry(db: DbOrTx, auth: AuthContext, s: Section, id: number) {
  const row = await findSection(db, s.table, id);
  const target = row && (await findTarget(db, auth, row.userId));
  if (!row || !target) throw notFound(`${s.label} not found.`);
  assertMayEdit(auth, target);
  return { row, target };
}

export async function updateSection<TOut>(
  ctx: AppContext,
  auth: AuthContext,
  s: Section,
  id: number,
  input: Record<string, unknown>,
  ip: string,
): Promise<TOut> {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const { row, target } = await editableEntry(tx, auth, s, id);
    const values = toValues(s, input);
    assertValid(s, { ...row, ...values } as SectionRow<SectionTable>);
    const updated = await updateRow(tx, s.table, id, values);
    await auditAdminEdit(tx, auth, target, { section: s.key, action: 'updated', ids: [id] }, ip);
    return toApi<TOut>(s, updated);
  });
}

export async function deleteSection(
  ctx: AppContext,
  auth: AuthContext,
  s: Section,
  id: number,
  ip: string,
): Promise<void> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const { target } = await editableEntry(tx, auth, s, id);
    await deleteRow(tx, s.table, id);
    await auditAdminEdit(tx, auth, target, { section: s.key, action: 'deleted', ids: [id] }, ip);
  });
}
