import { ROLE } from '@atrium/contract';
import type { Actor } from '../src/core/auth/actor.ts';

/**
 * The axes of the policies' table tests (`<slice>.policy.test.ts`): each caller role, acting on
 * their own object or someone else's, in their organisation or another. The rows name a case as
 * `<role> <own|other's> <same|other> org`, so a failing row reads as the situation it describes.
 */
export const ROLES = ['superadmin', 'admin', 'trainer', 'learner'] as const;
export type RoleName = (typeof ROLES)[number];

export const HOME_ORG = 1;
export const OTHER_ORG = 2;
export const ME = 10;
export const SOMEONE_ELSE = 11;

const ROLE_ID = {
  superadmin: ROLE.SUPERADMIN,
  admin: ROLE.ADMIN,
  trainer: ROLE.TRAINER,
  learner: ROLE.LEARNER,
} as const;

export function actor(role: RoleName, organisationId = HOME_ORG): Actor {
  return {
    userId: ME,
    organisationId,
    roleId: ROLE_ID[role],
    isSuperadmin: role === 'superadmin',
  };
}

export interface Case {
  name: string;
  role: RoleName;
  own: boolean;
  sameOrg: boolean;
  actor: Actor;
  /** The owner (author, uploader, user) the object gets in this case. */
  ownerId: number;
  /** The organisation the object belongs to in this case. */
  organisationId: number;
}

/** Every role × ownership × organisation, 16 cases. */
export const CASES: Case[] = ROLES.flatMap((role) =>
  [true, false].flatMap((own) =>
    [true, false].map((sameOrg) => ({
      name: `${role} ${own ? 'own' : "other's"} ${sameOrg ? 'same' : 'other'} org`,
      role,
      own,
      sameOrg,
      // The caller sits in HOME_ORG; "other org" moves the object, not the caller.
      actor: actor(role),
      ownerId: own ? ME : SOMEONE_ELSE,
      organisationId: sameOrg ? HOME_ORG : OTHER_ORG,
    })),
  ),
);

/**
 * Checks that a table names every case exactly once, so a table cannot silently skip one: the
 * rows of a policy test are its specification.
 */
export function rowsOf<T>(table: Record<string, T>): [Case, T][] {
  const names = CASES.map((c) => c.name);
  const extra = Object.keys(table).filter((k) => !names.includes(k));
  const missing = names.filter((n) => !(n in table));
  if (extra.length || missing.length) {
    throw new Error(
      `table rows: missing ${missing.join(', ') || '-'}; unknown ${extra.join(', ') || '-'}`,
    );
  }
  return CASES.map((c) => [c, table[c.name] as T]);
}
