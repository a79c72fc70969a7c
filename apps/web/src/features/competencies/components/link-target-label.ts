import type { TCompetencyLink } from '@atrium/contract';
import { TARGET_LABELS } from '../labels.ts';

/** "Course: Fire safety"; a target deleted since keeps its id, said to be gone. */
export function targetLabel(
  link: Pick<TCompetencyLink, 'target_type' | 'target_id' | 'target_name'>,
) {
  const kind = TARGET_LABELS[link.target_type];
  return link.target_name === null
    ? `${kind} #${link.target_id} (no longer exists)`
    : `${kind}: ${link.target_name}`;
}
