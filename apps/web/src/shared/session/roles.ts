import { ROLE } from '@atrium/contract';

export const isSuperadmin = (roleId: number) => roleId === ROLE.SUPERADMIN;
/** Admins read the whole organisation's activity (superadmins every organisation's). */
export const isAdmin = (roleId: number) => roleId === ROLE.SUPERADMIN || roleId === ROLE.ADMIN;

/** Spec §6: the trainer role is labelled Manager in the side panel. */
export function sidePanelRoleLabel(roleId: number, roleName: string): string {
  return roleId === ROLE.TRAINER ? 'Manager' : roleName;
}
