import type { TEducation, TProfessionalInfo, TRoleId } from '@atrium/contract';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { organisations } from '../../schema/organisations.table.ts';
import {
  userAdditionalInfo,
  userAddresses,
  userEducation,
  userProfessionalInfo,
  userProfiles,
  userSocialMedia,
} from '../../schema/profiles.table.ts';
import { departments, designations, locations } from '../../schema/structure.table.ts';
import { memberships, USER_IS_SUPERADMIN, users } from '../../schema/users.table.ts';
import type { ProfileTarget } from './profiles.policy.ts';

/**
 * Which membership stands for the user: for a superadmin caller the one in
 * their own organisation when there is one, else the oldest; for anyone else
 * only the one in the caller's organisation, so other organisations' users
 * are simply not found.
 */
function membershipScope(auth: AuthContext, userId: number) {
  const where: SQL = auth.isSuperadmin
    ? eq(users.id, userId)
    : and(eq(users.id, userId), eq(memberships.organisationId, auth.organisationId))!;
  const order = [
    sql`(${memberships.organisationId} = ${auth.organisationId}) desc`,
    memberships.id,
  ] as const;
  return { where, order };
}

export async function findTarget(
  db: DbOrTx,
  auth: AuthContext,
  userId: number,
): Promise<ProfileTarget | undefined> {
  const scope = membershipScope(auth, userId);
  const [row] = await db
    .select({
      userId: users.id,
      organisationId: memberships.organisationId,
      roleId: memberships.roleId,
      isSuperadmin: USER_IS_SUPERADMIN,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(scope.where)
    .orderBy(...scope.order)
    .limit(1);
  return row && { ...row, roleId: row.roleId as TRoleId };
}

const educationJson = sql<TEducation[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${userEducation.id}, 'user', ${userEducation.userId},
    'institution', ${userEducation.institution}, 'degree', ${userEducation.degree},
    'field_of_study', ${userEducation.fieldOfStudy}, 'start_year', ${userEducation.startYear},
    'end_year', ${userEducation.endYear}, 'grade', ${userEducation.grade}
  ) order by ${userEducation.startYear} desc nulls last, ${userEducation.id})
  from ${userEducation} where ${userEducation.userId} = ${users.id}), '[]'::json)`;

const professionalJson = sql<TProfessionalInfo[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${userProfessionalInfo.id}, 'user', ${userProfessionalInfo.userId},
    'company', ${userProfessionalInfo.company}, 'title', ${userProfessionalInfo.title},
    'start_date', ${userProfessionalInfo.startDate}, 'end_date', ${userProfessionalInfo.endDate},
    'current', ${userProfessionalInfo.current}, 'description', ${userProfessionalInfo.description}
  ) order by ${userProfessionalInfo.current} desc, ${userProfessionalInfo.startDate} desc nulls last, ${userProfessionalInfo.id})
  from ${userProfessionalInfo} where ${userProfessionalInfo.userId} = ${users.id}), '[]'::json)`;

/**
 * The whole profile in one query: the 1:1 parts joined, the 1:n sections
 * aggregated to JSON in correlated subqueries (one indexed lookup each).
 */
export async function loadProfileDetails(db: DbOrTx, auth: AuthContext, userId: number) {
  const scope = membershipScope(auth, userId);
  const [row] = await db
    .select({
      target: {
        userId: users.id,
        organisationId: memberships.organisationId,
        roleId: memberships.roleId,
        isSuperadmin: USER_IS_SUPERADMIN,
      },
      user: {
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        isActive: users.isActive,
        approvalStatus: users.approvalStatus,
        createdAt: users.createdAt,
        lastLoginAt: users.lastLoginAt,
      },
      organisationTitle: organisations.title,
      department: { id: departments.id, name: departments.name },
      designation: { id: designations.id, name: designations.name },
      location: { id: locations.id, name: locations.name },
      // Drizzle reads a left-joined object as absent when its first column is null: key first.
      profile: {
        userId: userProfiles.userId,
        gender: userProfiles.gender,
        phone: userProfiles.phone,
        dateOfBirth: userProfiles.dateOfBirth,
        bio: userProfiles.bio,
        photoKey: userProfiles.photoKey,
      },
      address: {
        id: userAddresses.id,
        user: userAddresses.userId,
        address_line: userAddresses.addressLine,
        city: userAddresses.city,
        state: userAddresses.state,
        country: userAddresses.country,
        postal_code: userAddresses.postalCode,
      },
      additional: {
        id: userAdditionalInfo.id,
        user: userAdditionalInfo.userId,
        languages: userAdditionalInfo.languages,
        skills: userAdditionalInfo.skills,
        interests: userAdditionalInfo.interests,
      },
      social: {
        id: userSocialMedia.id,
        user: userSocialMedia.userId,
        linkedin: userSocialMedia.linkedin,
        twitter: userSocialMedia.twitter,
        facebook: userSocialMedia.facebook,
        github: userSocialMedia.github,
        website: userSocialMedia.website,
      },
      education: educationJson,
      professional: professionalJson,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(departments, eq(departments.id, userProfiles.departmentId))
    .leftJoin(designations, eq(designations.id, userProfiles.designationId))
    .leftJoin(locations, eq(locations.id, userProfiles.locationId))
    .leftJoin(userAddresses, eq(userAddresses.userId, users.id))
    .leftJoin(userAdditionalInfo, eq(userAdditionalInfo.userId, users.id))
    .leftJoin(userSocialMedia, eq(userSocialMedia.userId, users.id))
    .where(scope.where)
    .orderBy(...scope.order)
    .limit(1);
  return row && { ...row, target: { ...row.target, roleId: row.target.roleId as TRoleId } };
}
export type ProfileDetailsRow = NonNullable<Awaited<ReturnType<typeof loadProfileDetails>>>;

/** What an edit starts from: the account's names and e-mail and the profile row, if any. */
export async function loadEditable(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      departmentId: userProfiles.departmentId,
      designationId: userProfiles.designationId,
      locationId: userProfiles.locationId,
      gender: userProfiles.gender,
      phone: userProfiles.phone,
      dateOfBirth: userProfiles.dateOfBirth,
      bio: userProfiles.bio,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row!;
}
export type EditableProfile = Awaited<ReturnType<typeof loadEditable>>;

export async function findDepartment(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ organisationId: departments.organisationId })
    .from(departments)
    .where(eq(departments.id, id));
  return row;
}

export async function findDesignation(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ departmentId: designations.departmentId })
    .from(designations)
    .where(eq(designations.id, id));
  return row;
}

export async function findLocation(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ departmentId: locations.departmentId })
    .from(locations)
    .where(eq(locations.id, id));
  return row;
}

/** E-mail addresses are unique across the install, compared case-insensitively. */
export async function emailTakenByOther(db: DbOrTx, email: string, userId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function updateAccountNames(
  db: DbOrTx,
  userId: number,
  values: { firstName?: string; lastName?: string; email?: string },
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

type ProfileValues = Partial<
  Omit<typeof userProfiles.$inferInsert, 'userId' | 'updatedAt' | 'photoKey'>
>;

/** The profile row is created by the first edit; later edits change only what they name. */
export async function upsertProfile(db: DbOrTx, userId: number, values: ProfileValues) {
  await db
    .insert(userProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: userProfiles.userId,
      set: { ...values, updatedAt: new Date() },
    });
}

export async function findPhotoKey(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ photoKey: userProfiles.photoKey })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row?.photoKey ?? null;
}

/** Sets the photo and answers the key it replaced, whose file the caller then deletes. */
export async function replacePhotoKey(
  db: DbOrTx,
  userId: number,
  key: string,
): Promise<string | null> {
  // Lock the row so two uploads at once cannot both miss the file they replace.
  const [before] = await db
    .select({ photoKey: userProfiles.photoKey })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId))
    .for('update');
  await db
    .insert(userProfiles)
    .values({ userId, photoKey: key })
    .onConflictDoUpdate({
      target: userProfiles.userId,
      set: { photoKey: key, updatedAt: new Date() },
    });
  return before?.photoKey ?? null;
}
