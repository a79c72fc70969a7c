import type { TCompetencyLinkTarget, TCompetencyOutcome } from '@atrium/contract';

export const COMPETENCY_TABS = [
  { key: 'frameworks', label: 'Frameworks' },
  { key: 'links', label: 'Links' },
  { key: 'profile', label: 'My profile' },
  { key: 'gaps', label: 'Gaps' },
] as const;
export type CompetencyTab = (typeof COMPETENCY_TABS)[number]['key'];

export const TARGET_LABELS: Record<TCompetencyLinkTarget, string> = {
  course: 'Course',
  assessment: 'Assessment',
  classroom_topic: 'Classroom topic',
};
export const OUTCOME_LABELS: Record<TCompetencyOutcome, string> = {
  evidence: 'Adds evidence',
  complete: 'Sets proficiency',
};
export const SOURCE_LABELS: Record<string, string> = {
  ...TARGET_LABELS,
  manual: 'Recorded by staff',
};

/** The tabs a role sees: gaps are the admins'. */
export function visibleTabs(admin: boolean): CompetencyTab[] {
  return COMPETENCY_TABS.map((t) => t.key).filter((k) => k !== 'gaps' || admin);
}

export function pickTab(asked: string | null, admin: boolean): CompetencyTab {
  const tabs = visibleTabs(admin);
  return tabs.find((t) => t === asked) ?? 'frameworks';
}

/** "2 · Practitioner", or the bare number when the scale has no such level. */
export function levelLabel(scale: { level: number; name: string }[], level: number | null): string {
  if (level === null) return 'Not rated';
  const found = scale.find((l) => l.level === level);
  return found ? `${level} · ${found.name}` : String(level);
}

/** The server's per-row import errors ("row 3": [...]) as lines to show. */
export function importErrorLines(fieldErrors: Record<string, string[]>): string[] {
  return Object.entries(fieldErrors).flatMap(([where, messages]) =>
    messages.map((m) => `${where}: ${m}`),
  );
}

/** Depth of each competency in a flat list where parents come first. */
export function depths(items: { id: number; parent_id: number | null }[]): Map<number, number> {
  const depth = new Map<number, number>();
  for (const c of items)
    depth.set(c.id, c.parent_id === null ? 0 : (depth.get(c.parent_id) ?? -1) + 1);
  return depth;
}
