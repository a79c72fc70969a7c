import { isScoDone, type TScoStatus } from '@atrium/contract';
import type { scormRuntime } from '../../schema/scorm.table.ts';
import type { ScormSco } from './packages.service.ts';

type Runtime = typeof scormRuntime.$inferSelect;

/**
 * SCORM 1.2 adlcp:prerequisites (CAM 1.2, the aicc_script subset packages use): item
 * identifiers joined by & (and), | (or), ~ (not) and parentheses. An identifier holds when
 * that item is done (completed or passed). An expression Atrium cannot read blocks nothing:
 * a learner is never locked out by a typo in someone else's manifest.
 */
type Expr =
  | { kind: 'id'; id: string }
  | { kind: 'not'; of: Expr }
  | { kind: 'and' | 'or'; left: Expr; right: Expr };

/** Operators and parentheses, or runs of anything else (every non-space character is taken). */
const TOKEN = /[&|~()]|[^\s&|~()]+/g;

export function parsePrerequisites(source: string): Expr | null {
  const tokens = source.match(TOKEN) ?? [];
  if (tokens.length === 0) return null;
  let at = 0;
  const peek = () => tokens[at];
  // or := and ('|' and)* ; and := unary ('&' unary)* ; unary := '~' unary | '(' or ')' | id
  const or = (): Expr | null => {
    let left = and();
    while (left && peek() === '|') {
      at++;
      const right = and();
      left = right ? { kind: 'or', left, right } : null;
    }
    return left;
  };
  const and = (): Expr | null => {
    let left = unary();
    while (left && peek() === '&') {
      at++;
      const right = unary();
      left = right ? { kind: 'and', left, right } : null;
    }
    return left;
  };
  const unary = (): Expr | null => {
    const t = tokens[at++];
    if (t === undefined) return null;
    if (t === '~') {
      const of = unary();
      return of ? { kind: 'not', of } : null;
    }
    if (t === '(') {
      const inner = or();
      return inner && tokens[at++] === ')' ? inner : null;
    }
    // Comparisons (id=status) and sets (2*{a,b}) are not in this subset.
    return /^[A-Za-z0-9_.:-]+$/.test(t) && t !== ')' ? { kind: 'id', id: t } : null;
  };
  const expr = or();
  return expr && at === tokens.length ? expr : null;
}

function evaluate(e: Expr, done: (id: string) => boolean): boolean {
  switch (e.kind) {
    case 'id':
      return done(e.id);
    case 'not':
      return !evaluate(e.of, done);
    case 'and':
      return evaluate(e.left, done) && evaluate(e.right, done);
    case 'or':
      return evaluate(e.left, done) || evaluate(e.right, done);
  }
}

function identifiers(e: Expr): string[] {
  if (e.kind === 'id') return [e.id];
  if (e.kind === 'not') return identifiers(e.of);
  return [...identifiers(e.left), ...identifiers(e.right)];
}

/**
 * Whether the prerequisites hold; when not, the items the expression names that are not done
 * yet (what the learner is told to finish first).
 */
export function prerequisitesMet(
  source: string | undefined,
  done: (id: string) => boolean,
): { met: true } | { met: false; waitingFor: string[] } {
  if (!source) return { met: true };
  const expr = parsePrerequisites(source);
  if (!expr || evaluate(expr, done)) return { met: true };
  return { met: false, waitingFor: [...new Set(identifiers(expr).filter((id) => !done(id)))] };
}

/**
 * Why each SCO cannot be launched yet (SCORM 1.2 prerequisites over the attempt's statuses);
 * absent when it can. An identifier of a grouping item holds when all its SCOs are done.
 */
export function disabledReasons(
  scos: ScormSco[],
  rows: Pick<Runtime, 'scoId' | 'status'>[],
): Map<string, string> {
  const status = new Map(rows.map((r) => [r.scoId, r.status as TScoStatus]));
  const byIdentifier = new Map(scos.map((s) => [s.identifier, s]));
  const doneOf = (identifier: string, depth = 0): boolean => {
    const item = byIdentifier.get(identifier);
    if (!item || depth > 50) return true;
    if (item.isLaunchable) return isScoDone(status.get(item.id) ?? 'not attempted');
    const children = scos.filter((s) => s.parentIdentifier === identifier);
    return children.every((c) => doneOf(c.identifier, depth + 1));
  };
  const reasons = new Map<string, string>();
  for (const s of scos) {
    const check = prerequisitesMet(s.launchData.prerequisites, (id) => doneOf(id));
    if (check.met) continue;
    const titles = check.waitingFor.map((id) => `“${byIdentifier.get(id)?.title ?? id}”`);
    reasons.set(s.identifier, `Complete ${titles.join(' and ')} first.`);
  }
  return reasons;
}
