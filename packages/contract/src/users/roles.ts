/** Role ids of spec §6. Trainer is labelled Manager in the side panel. */
export const ROLE = {
  SUPERADMIN: 1,
  ADMIN: 2,
  TRAINER: 3,
  LEARNER: 4,
  HIRING_MANAGER: 5,
} as const;
export type TRoleId = (typeof ROLE)[keyof typeof ROLE];

export const ROLE_NAMES: Record<TRoleId, string> = {
  1: 'Superadmin',
  2: 'Admin',
  3: 'Trainer',
  4: 'Learner',
  5: 'Hiring Manager',
};

/** Approval status codes of spec §3/§9. */
export const APPROVAL = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export type TApprovalStatus = (typeof APPROVAL)[keyof typeof APPROVAL];
