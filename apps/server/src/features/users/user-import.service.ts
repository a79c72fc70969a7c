import {
  APPROVAL,
  hasMarkup,
  PLAIN_TEXT_MESSAGE,
  ROLE,
  ROLE_NAMES,
  type TImportResult,
  type TRoleId,
} from '@atrium/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { userProfiles } from '../../schema/profiles.table.ts';
import { departments, designations, locations } from '../../schema/structure.table.ts';
import { memberships, users } from '../../schema/users.table.ts';
import type { ImportRow } from './user-import.parse.ts';
import { USER_SEARCH_KIND } from './users.search.ts';
import { assertSeatAvailable } from './users-admin.service.ts';

const USERNAME = /^[A-Za-z0-9.@+_-]{3,150}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ROLE_BY_NAME: Record<string, number> = {
  superadmin: ROLE.SUPERADMIN,
  admin: ROLE.ADMIN,
  trainer: ROLE.TRAINER,
  manager: ROLE.TRAINER,
  learner: ROLE.LEARNER,
  'hiring manager': ROLE.HIRING_MANAGER,
};
/** How many row errors the report lists; past that it says how many more. */
const REPORT_LIMIT = 200;

interface Placement {
  departments: Map<
    string,
    { id: number; designations: Map<string, number>; locations: Map<string, number> }
  >;
}

async function loadPlacement(ctx: AppContext, organisationId: number): Promise<Placement> {
  const [depts, desigs, locs] = await Promise.all([
    ctx.db.select().from(departments).where(eq(departments.organisationId, organisationId)),
    ctx.db
      .select({
        id: designations.id,
        departmentId: designations.departmentId,
        name: designations.name,
      })
      .from(designations)
      .innerJoin(departments, eq(departments.id, designations.departmentId))
      .where(eq(departments.organisationId, organisationId)),
    ctx.db
      .select({ id: locations.id, departmentId: locations.departmentId, name: locations.name })
      .from(locations)
      .innerJoin(departments, eq(departments.id, locations.departmentId))
      .where(eq(departments.organisationId, organisationId)),
  ]);
  const byId = new Map(
    depts.map((d) => [
      d.id,
      { id: d.id, designations: new Map<string, number>(), locations: new Map<string, number>() },
    ]),
  );
  for (const d of desigs) byId.get(d.departmentId)?.designations.set(d.name.toLowerCase(), d.id);
  for (const l of locs) byId.get(l.departmentId)?.locations.set(l.name.toLowerCase(), l.id);
  return { departments: new Map(depts.map((d) => [d.name.toLowerCase(), byId.get(d.id)!])) };
}

/** Names and addresses already taken anywhere in the install, in chunks the database takes well. */
async function taken(
  ctx: AppContext,
  column: 'username' | 'email',
  values: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const col = column === 'username' ? users.username : users.email;
  for (let i = 0; i < values.length; i += 5000) {
    const chunk = values.slice(i, i + 5000);
    const rows = await ctx.db
      .select({ v: sql<string>`lower(${col})` })
      .from(users)
      .where(inArray(sql`lower(${col})`, chunk));
    for (const r of rows) found.add(r.v);
  }
  return found;
}

type Valid = {
  row: ImportRow;
  roleId: TRoleId;
  departmentId: number | null;
  designationId: number | null;
  locationId: number | null;
};

/**
 * Imports users from parsed rows: every row is checked first and any error
 * refuses the whole file with one report; otherwise everything is written in
 * one transaction and the welcome mails are queued, not sent inline.
 */
export async function importUsers(
  ctx: AppContext,
  auth: AuthContext,
  rows: ImportRow[],
  ip: string,
): Promise<TImportResult> {
  const organisationId = auth.organisationId;
  const placement = await loadPlacement(ctx, organisationId);
  const usernames = rows.map((r) => r.username?.toLowerCase() ?? '');
  const emails = rows.map((r) => r.email?.toLowerCase() ?? '');
  const [takenNames, takenEmails] = await Promise.all([
    taken(ctx, 'username', usernames.filter(Boolean)),
    taken(ctx, 'email', emails.filter(Boolean)),
  ]);
  const seenNames = new Map<string, number>();
  const seenEmails = new Map<string, number>();
  const report: Record<string, string[]> = {};
  const valid: Valid[] = [];
  let rowsWithErrors = 0;

  for (const row of rows) {
    const problems: string[] = [];
    const name = row.username?.toLowerCase();
    const email = row.email?.toLowerCase();
    if (!row.username || !USERNAME.test(row.username))
      problems.push('username: use 3 to 150 letters, digits or . @ + _ - characters.');
    else if (takenNames.has(name!)) problems.push(`username: '${row.username}' is already taken.`);
    else if (seenNames.has(name!))
      problems.push(`username: '${row.username}' is also on row ${seenNames.get(name!)}.`);
    if (!row.email || !EMAIL.test(row.email) || row.email.length > 254)
      problems.push('email: enter a valid e-mail address.');
    else if (takenEmails.has(email!))
      problems.push(`email: '${row.email}' is already used by another account.`);
    else if (seenEmails.has(email!))
      problems.push(`email: '${row.email}' is also on row ${seenEmails.get(email!)}.`);
    if (name) seenNames.set(name, seenNames.get(name) ?? row.line);
    if (email) seenEmails.set(email, seenEmails.get(email) ?? row.line);
    for (const f of ['first_name', 'last_name'] as const) {
      if ((row[f]?.length ?? 0) > 150) problems.push(`${f}: at most 150 characters.`);
      else if (row[f] && hasMarkup(row[f])) problems.push(`${f}: ${PLAIN_TEXT_MESSAGE}`);
    }
    const roleText = row.role?.toLowerCase() ?? '';
    const roleId = (/^[1-5]$/.test(roleText) ? Number(roleText) : ROLE_BY_NAME[roleText]) as
      | TRoleId
      | undefined;
    if (!roleId)
      problems.push(
        `role: '${row.role ?? ''}' is not a role (learner, trainer, admin, hiring manager).`,
      );
    else if (!auth.isSuperadmin && roleId < auth.roleId)
      problems.push(`role: you cannot grant the ${ROLE_NAMES[roleId]} role.`);

    let departmentId: number | null = null;
    let designationId: number | null = null;
    let locationId: number | null = null;
    if (row.department) {
      const dept = placement.departments.get(row.department.toLowerCase());
      if (!dept)
        problems.push(`department: '${row.department}' does not exist in this organisation.`);
      else {
        departmentId = dept.id;
        if (row.designation) {
          designationId = dept.designations.get(row.designation.toLowerCase()) ?? null;
          if (!designationId)
            problems.push(
              `designation: '${row.designation}' is not a designation of ${row.department}.`,
            );
        }
        if (row.location) {
          locationId = dept.locations.get(row.location.toLowerCase()) ?? null;
          if (!locationId)
            problems.push(`location: '${row.location}' is not a location of ${row.department}.`);
        }
      }
    } else if (row.designation || row.location) {
      problems.push('department: needed when a designation or location is given.');
    }

    if (problems.length > 0) {
      rowsWithErrors += 1;
      if (Object.keys(report).length < REPORT_LIMIT) report[`row ${row.line}`] = problems;
    } else {
      valid.push({ row, roleId: roleId!, departmentId, designationId, locationId });
    }
  }

  if (rowsWithErrors > 0) {
    const more = rowsWithErrors - Object.keys(report).length;
    throw badRequest(
      `${rowsWithErrors} of ${rows.length} rows have errors. Nothing was imported.`,
      report,
      more > 0 ? [`${more} more rows with errors are not listed.`] : undefined,
    );
  }

  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    await assertSeatAvailable(tx, organisationId, valid.length);
    const created: number[] = [];
    for (let i = 0; i < valid.length; i += 1000) {
      const chunk = valid.slice(i, i + 1000);
      // No password yet: each user chooses one through the mailed link.
      const ids = await tx
        .insert(users)
        .values(
          chunk.map((v) => ({
            username: v.row.username!,
            email: v.row.email!,
            firstName: v.row.first_name ?? '',
            lastName: v.row.last_name ?? '',
            passwordHash: null,
            isActive: true,
            approvalStatus: APPROVAL.APPROVED,
          })),
        )
        .returning({ id: users.id });
      const members = await tx
        .insert(memberships)
        .values(
          ids.map((u, j) => ({
            userId: u.id,
            organisationId,
            roleId: chunk[j]!.roleId,
            viewRoleId: chunk[j]!.roleId,
          })),
        )
        .returning({ id: memberships.id });
      emit('search.changed', { kind: USER_SEARCH_KIND, ids: members.map((m) => m.id) });
      await tx.insert(userProfiles).values(
        ids.map((u, j) => ({
          userId: u.id,
          departmentId: chunk[j]!.departmentId,
          designationId: chunk[j]!.designationId,
          locationId: chunk[j]!.locationId,
        })),
      );
      created.push(...ids.map((u) => u.id));
    }
    await enqueue(
      tx,
      'mail.welcome',
      created.map((userId) => ({ userId, organisationId })),
    );
    await recordAudit(tx, {
      action: 'user.imported',
      actorId: auth.userId,
      organisationId,
      ip,
      details: { count: created.length },
    });
  });
  return {
    created: valid.length,
    message: `${valid.length} users imported. Their welcome mails are on their way.`,
  };
}
