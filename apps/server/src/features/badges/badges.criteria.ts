import type { BadgeCriteria } from '../../schema/badges.table.ts';

/**
 * A badge's criteria as pure functions: whether a person's recorded facts meet them (all must
 * hold) and the sentence a credential and the gallery show.
 */

/** What a person has done, as recorded from events (badge_facts) and their live awards. */
export interface PersonFacts {
  courses: ReadonlySet<number>;
  learningPaths: ReadonlySet<number>;
  assessments: ReadonlySet<number>;
  /** All-time points in the badge's organisation. */
  points: number;
  /** Badges they hold (unrevoked). */
  badges: ReadonlySet<number>;
}

const hasAll = (wanted: readonly number[], have: ReadonlySet<number>) =>
  wanted.every((id) => have.has(id));

/** True when every criterion holds; a manual-only badge is never met automatically. */
export function criteriaMet(c: BadgeCriteria, facts: PersonFacts): boolean {
  if (c.manual_only) return false;
  return (
    hasAll(c.courses, facts.courses) &&
    hasAll(c.learning_paths, facts.learningPaths) &&
    hasAll(c.assessments, facts.assessments) &&
    (c.points === null || facts.points >= c.points) &&
    hasAll(c.badges, facts.badges)
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The criteria in words ("Complete 2 courses; pass 1 assessment; reach 500 points"). Courses,
 * paths and assessments are counted, not named: their titles belong to other slices and change;
 * badges are named (this slice's own).
 */
export function criteriaText(c: BadgeCriteria, badgeNames: ReadonlyMap<number, string>): string {
  if (c.manual_only) return 'Awarded by the organisation.';
  const parts: string[] = [];
  if (c.courses.length) parts.push(`complete ${plural(c.courses.length, 'course', 'courses')}`);
  if (c.learning_paths.length)
    parts.push(`complete ${plural(c.learning_paths.length, 'learning path', 'learning paths')}`);
  if (c.assessments.length)
    parts.push(`pass ${plural(c.assessments.length, 'assessment', 'assessments')}`);
  if (c.points !== null) parts.push(`reach ${c.points} points`);
  if (c.badges.length) {
    const names = c.badges.map((id) => `“${badgeNames.get(id) ?? 'a badge'}”`);
    parts.push(`earn the ${c.badges.length === 1 ? 'badge' : 'badges'} ${names.join(', ')}`);
  }
  const text = parts.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The badges named in criteria (to look their names up in one query). */
export const referencedBadges = (list: readonly BadgeCriteria[]): number[] => [
  ...new Set(list.flatMap((c) => c.badges)),
];
