import {
  GENDERS,
  languageName,
  ROLE_NAMES,
  type TChoice,
  type TProfileDetails,
  type ZProfileUpdate,
} from '@atrium/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, conflict, forbidden } from '../../core/errors/app-error.ts';
import { memberships } from '../../schema/users.table.ts';
import { photoUrl } from './profile-image.service.ts';
import { lookupSkills } from './profile-sections.repository.ts';
import { assertMayEdit, found } from './profiles.access.ts';
import {
  isEditByAdmin,
  mayChangeEmail,
  mayEdit,
  type ProfileTarget,
  profileAbilities,
} from './profiles.policy.ts';
import {
  type EditableProfile,
  emailTakenByOther,
  findDepartment,
  findDesignation,
  findLocation,
  findTarget,
  loadEditable,
  loadProfileDetails,
  type ProfileDetailsRow,
  updateAccountNames,
  upsertProfile,
} from './profiles.repository.ts';

type ProfileUpdate = z.output<typeof ZProfileUpdate>;

const VALIDATION_MESSAGE = 'Invalid input. Please correct the fields listed.';
export const EMAIL_TAKEN = 'A user with that e-mail address already exists.';
export const EMAIL_BY_ADMIN_ONLY =
  'Only an administrator of the organisation can change the e-mail address.';

const genderChoice = (id: string | null): TChoice | null =>
  id === null ? null : (GENDERS.find((g) => g.id === id) ?? { id, name: id });

const present = <T extends { id: number | null }>(part: T | null | undefined) =>
  part && part.id !== null ? (part as T & { id: number }) : null;

function toDetails(row: ProfileDetailsRow, auth: AuthContext): TProfileDetails {
  const { target, user, profile } = row;
  const additional = present(row.additional);
  return {
    id: target.userId,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    fullname: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
    role: { id: target.roleId, name: ROLE_NAMES[target.roleId] },
    organization: { id: target.organisationId, title: row.organisationTitle },
    is_active: user.isActive,
    approval_status: user.approvalStatus,
    date_joined: user.createdAt.toISOString(),
    last_login: user.lastLoginAt?.toISOString() ?? null,
    profile: {
      department: present(row.department),
      designation: present(row.designation),
      location: present(row.location),
      gender: genderChoice(profile?.gender ?? null),
      phone: profile?.phone ?? null,
      date_of_birth: profile?.dateOfBirth ?? null,
      bio: profile?.bio ?? null,
      photo_url: photoUrl(target.userId, profile?.photoKey ?? null),
    },
    education: row.education,
    professional_info: row.professional,
    location: present(row.address),
    additional_info: additional && {
      ...additional,
      languages: additional.languages.map((code) => ({ id: code, name: languageName(code) })),
    },
    social_media: present(row.social),
    can_edit: mayEdit(auth, target),
    can_edit_email: mayChangeEmail(auth, target),
    abilities: profileAbilities(auth, target),
  };
}

/** Any signed-in user reads the profiles of their organisation; a superadmin anyone's. */
export async function getProfileDetails(
  db: DbOrTx,
  auth: AuthContext,
  userId: number,
): Promise<TProfileDetails> {
  return toDetails(found(await loadProfileDetails(db, auth, userId)), auth);
}

/** The payload's names for the stored values an edit may change. */
function currentValues(current: EditableProfile): Record<keyof ProfileUpdate, unknown> {
  return {
    first_name: current.firstName,
    last_name: current.lastName === '' ? null : current.lastName,
    email: current.email,
    gender: current.gender,
    phone: current.phone,
    date_of_birth: current.dateOfBirth,
    bio: current.bio,
    department: current.departmentId,
    designation: current.designationId,
    location: current.locationId,
  };
}

/**
 * Department, designation and location must be of the user's organisation,
 * and designation and location of the chosen department. Checked on the
 * state after the edit, and only when the edit touches one of them, so an
 * unrelated change never trips over older data.
 */
async function checkStructure(
  db: DbOrTx,
  organisationId: number,
  current: EditableProfile,
  input: ProfileUpdate,
) {
  if (
    input.department === undefined &&
    input.designation === undefined &&
    input.location === undefined
  )
    return;
  const department = input.department !== undefined ? input.department : current.departmentId;
  const designation = input.designation !== undefined ? input.designation : current.designationId;
  const location = input.location !== undefined ? input.location : current.locationId;
  const errors: Record<string, string[]> = {};
  if (department !== null) {
    const row = await findDepartment(db, department);
    if (row?.organisationId !== organisationId)
      errors.department = ['Choose a department of the organisation.'];
  }
  if (designation !== null) {
    const row = await findDesignation(db, designation);
    if (department === null || row?.departmentId !== department)
      errors.designation = ['The designation must belong to the chosen department.'];
  }
  if (location !== null) {
    const row = await findLocation(db, location);
    if (department === null || row?.departmentId !== department)
      errors.location = ['The location must belong to the chosen department.'];
  }
  if (Object.keys(errors).length > 0) throw badRequest(VALIDATION_MESSAGE, errors);
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

/** PATCH {id}/: the user's names and profile basics; e-mail by an administrator. */
export async function updateProfile(
  ctx: AppContext,
  auth: AuthContext,
  userId: number,
  input: ProfileUpdate,
  ip: string,
): Promise<TProfileDetails> {
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    const target: ProfileTarget = found(await findTarget(tx, auth, userId));
    assertMayEdit(auth, target);
    if (input.email !== undefined && !mayChangeEmail(auth, target))
      throw forbidden(EMAIL_BY_ADMIN_ONLY);
    const current = await loadEditable(tx, userId);
    await checkStructure(tx, target.organisationId, current, input);

    const before = currentValues(current);
    const changed = (Object.keys(input) as (keyof ProfileUpdate)[]).filter(
      (k) => input[k] !== undefined && input[k] !== before[k],
    );
    if (changed.length === 0) return;
    const has = (k: keyof ProfileUpdate) => changed.includes(k);

    if (has('email') && (await emailTakenByOther(tx, input.email!, userId)))
      throw conflict(EMAIL_TAKEN);
    if (has('first_name') || has('last_name') || has('email')) {
      try {
        await updateAccountNames(tx, userId, {
          firstName: has('first_name') ? input.first_name : undefined,
          lastName: has('last_name') ? (input.last_name ?? '') : undefined,
          email: has('email') ? input.email : undefined,
        });
      } catch (err) {
        // Another request took the address between the check and the write.
        if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
        throw err;
      }
    }
    const profile = {
      gender: input.gender,
      phone: input.phone,
      dateOfBirth: input.date_of_birth,
      bio: input.bio,
      departmentId: input.department,
      designationId: input.designation,
      locationId: input.location,
    };
    const profileChanges = Object.fromEntries(
      Object.entries(profile).filter(([, v]) => v !== undefined),
    );
    if (Object.keys(profileChanges).length > 0) await upsertProfile(tx, userId, profileChanges);
    // Global search finds people by name, e-mail and placement: one document per membership
    // (features/users' `user` kind), reread from what was just written.
    const member = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.userId, userId));
    emit('search.changed', { kind: 'user', ids: member.map((m) => m.id) });

    const audit = {
      actorId: auth.userId,
      targetUserId: userId,
      organisationId: target.organisationId,
      ip,
    };
    if (isEditByAdmin(auth, target)) {
      await recordAudit(tx, {
        ...audit,
        action: 'profile.changed_by_admin',
        details: { section: 'profile', fields: changed },
      });
    }
    if (has('email')) {
      await recordAudit(tx, {
        ...audit,
        action: 'profile.email_changed',
        details: { from: current.email, to: input.email },
      });
    }
  });
  return getProfileDetails(ctx.db, auth, userId);
}

/** Skills to pick from: the caller's organisation's own and the base list. */
export async function skillChoices(
  db: DbOrTx,
  auth: AuthContext,
  search: string | undefined,
): Promise<TChoice[]> {
  const skills = await lookupSkills(db, auth.organisationId, search || undefined);
  // Skills are free text: the name is its own id.
  return skills.map((name) => ({ id: name, name }));
}
