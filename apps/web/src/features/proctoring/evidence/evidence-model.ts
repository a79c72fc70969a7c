import type { TProctorDetail, TProctoringFlag } from '@atrium/contract';
import type { Evidence } from '../components/evidence-thumb.tsx';

export interface EvidenceItem {
  evidence: Evidence;
  /** The flag it was sent with; null for the identity photos. */
  flag: TProctoringFlag | null;
}

/**
 * Every file of one session in the order a proctor reads the card: the identity photos, then
 * each flag's evidence as the flags happened. Previous and next walk this list.
 */
export function sessionEvidence(detail: TProctorDetail): EvidenceItem[] {
  const flags = [...detail.flags].sort((a, b) => a.occurred_at.localeCompare(b.occurred_at));
  return [
    ...detail.identity.evidence.map((evidence) => ({ evidence, flag: null })),
    ...flags.flatMap((flag) => flag.evidence.map((evidence) => ({ evidence, flag }))),
  ];
}

/** Keys typed into a field or a player's own controls are theirs, not the viewer's. */
export function keyBelongsToControl(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(target.tagName);
}
