import {
  MAX_APPROVAL_DAYS,
  MAX_APPROVAL_LEVELS,
  type TApprovalModule,
  type TApprovalModuleUpdate,
  type TApprover,
  type TApproverType,
} from '@atrium/contract';

/*
 * The approval settings panel's rules, apart from its components so they can be tested plainly:
 * how approvers are named, how levels group, and how the settings form becomes a PUT body.
 */

/** What owns the item a kind's requests are about, by the kind's key (`course_review`). */
const OWNED_ITEMS: [prefix: string, noun: string][] = [
  ['learning_path', 'Learning path'],
  ['classroom', 'Classroom'],
  ['assessment', 'Assessment'],
  ['course', 'Course'],
  ['event', 'Event'],
];

/** "Course owner" for a course's kinds; a kind we do not know by name gets the generic words. */
export function ownerLabel(kind: string): string {
  const match = OWNED_ITEMS.find(([prefix]) => kind === prefix || kind.startsWith(`${prefix}_`));
  return match ? `${match[1]} owner` : 'Owner of the item';
}

export function approverTypeLabel(type: TApproverType, kind: string): string {
  switch (type) {
    case 'user':
      return 'A named user';
    case 'department_head':
      return "Requester's department head";
    case 'owner':
      return ownerLabel(kind);
    case 'any_admin':
      return 'Any admin';
  }
}

/** A named user by name; a relationship by what it resolves to. */
export function approverName(approver: TApprover, kind: string): string {
  if (approver.type === 'user') return approver.user?.fullname || 'A user no longer available';
  return approverTypeLabel(approver.type, kind);
}

/** The types an admin may add for a kind: a named user always, and the kind's relationships. */
export function addableTypes(module: Pick<TApprovalModule, 'approver_types'>): TApproverType[] {
  return ['user', ...module.approver_types.filter((type) => type !== 'user')];
}

/** The approvers level by level, Level 1 first; a level the server skipped shows empty. */
export function groupByLevel(approvers: readonly TApprover[]): TApprover[][] {
  const deepest = approvers.reduce((max, a) => Math.max(max, a.level), 0);
  const levels: TApprover[][] = Array.from({ length: deepest }, () => []);
  for (const approver of approvers) levels[approver.level - 1]?.push(approver);
  return levels;
}

/** "Level 1: Course owner; Level 2: Any admin", for the note over a kind's default approvers. */
export function defaultsSummary(module: Pick<TApprovalModule, 'kind' | 'approvers'>): string {
  const levels = groupByLevel(module.approvers).filter((level) => level.length > 0);
  if (levels.length === 0) return 'nobody';
  const names = (level: TApprover[]) => level.map((a) => approverName(a, module.kind)).join(' or ');
  if (levels.length === 1) return names(levels[0] ?? []);
  return levels.map((level, i) => `Level ${i + 1}: ${names(level)}`).join('; ');
}

/**
 * The levels an approver may go to: the existing ones, and a new one after the last while the
 * maximum allows it (not for an approver alone on the last level: moving it there changes nothing).
 */
export function levelChoices(levelCount: number, alone = false): number[] {
  const deepest = Math.min(MAX_APPROVAL_LEVELS, levelCount + (alone ? 0 : 1));
  return Array.from({ length: Math.max(1, deepest) }, (_, i) => i + 1);
}

export interface ModuleFormValues {
  enabled: boolean;
  reject_reason_required: boolean;
  /** Kept as typed; empty means never. */
  expiry_days: string;
  escalation_days: string;
  escalate_to: TApprovalModule['escalate_to'];
}

export type ModuleFormField = keyof ModuleFormValues;

export function moduleFormValues(module: TApprovalModule): ModuleFormValues {
  return {
    enabled: module.enabled,
    reject_reason_required: module.reject_reason_required,
    expiry_days: module.expiry_days === null ? '' : String(module.expiry_days),
    escalation_days: module.escalation_days === null ? '' : String(module.escalation_days),
    escalate_to: module.escalate_to,
  };
}

const DAYS_MESSAGE = `Enter whole days from 1 to ${MAX_APPROVAL_DAYS}, or leave it empty for never.`;

function parseDays(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const days = Number(trimmed);
  return days >= 1 && days <= MAX_APPROVAL_DAYS ? days : undefined;
}

export type ModuleUpdateResult =
  | { ok: true; body: TApprovalModuleUpdate }
  | { ok: false; errors: Partial<Record<ModuleFormField, string>> };

/** The PUT approval-module/ body for a kind, or what to fix first. */
export function toModuleUpdate(kind: string, values: ModuleFormValues): ModuleUpdateResult {
  const expiry = parseDays(values.expiry_days);
  const escalation = parseDays(values.escalation_days);
  const errors: Partial<Record<ModuleFormField, string>> = {};
  if (expiry === undefined) errors.expiry_days = DAYS_MESSAGE;
  if (escalation === undefined) errors.escalation_days = DAYS_MESSAGE;
  if (expiry === undefined || escalation === undefined) return { ok: false, errors };
  return {
    ok: true,
    body: {
      kind,
      enabled: values.enabled,
      reject_reason_required: values.reject_reason_required,
      expiry_days: expiry,
      escalation_days: escalation,
      escalate_to: values.escalate_to,
    },
  };
}

export function sameValues(a: ModuleFormValues, b: ModuleFormValues): boolean {
  return (Object.keys(a) as ModuleFormField[]).every((key) => a[key] === b[key]);
}
