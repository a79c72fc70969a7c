import type { TScormVersion } from '@atrium/contract';
import type { ScoLaunchData } from '../../schema/scorm.table.ts';

/**
 * What the LMS itself decides about a SCO's status, from the manifest's data (pure; the
 * SN-book sequencing engine, when it comes, calls the same rules from its End Attempt Process):
 * - assets never talk to the run-time: launching one completes it (CAM: asset resources);
 * - SCORM 2004 completionThreshold / scaledPassingScore (RTE 4.2.4, 4.2.22): the LMS evaluates
 *   completion from progress_measure and success from score.scaled when the manifest gives them;
 * - SCORM 2004 End Attempt Process (SN UP.4): when an attempt ends (not by a suspend) and
 *   completionSetByContent / objectiveSetByContent are false (the default), a status the content
 *   never reported becomes completed / satisfied (passed);
 * - SCORM 1.2 (RTE 3.4.4 cmi.core.lesson_status): a SCO that finishes without a status is
 *   completed; with a mastery score and a raw score, passed or failed by that score.
 */
export interface ScoOutcome {
  completion: string | null;
  success: string | null;
}

export interface ScoFacts extends ScoOutcome {
  scormType: 'sco' | 'asset' | null;
  launchData: ScoLaunchData;
  progressMeasure?: number | null;
  scoreScaled?: number | null;
  scoreRaw?: number | null;
  /** The attempt ended: Terminate/LMSFinish with an exit other than suspend. */
  ended: boolean;
}

const unset = (s: string | null) => s === null || s === 'unknown' || s === 'not attempted';

export function decideOutcome(version: TScormVersion, f: ScoFacts): ScoOutcome {
  let { completion, success } = f;
  const d = f.launchData;
  if (f.scormType === 'asset') return { completion: 'completed', success };
  if (version === '1.2') {
    if (!f.ended) return { completion, success };
    // Only an unreported status is the LMS's to set; incomplete and browsed stay as reported.
    if (unset(completion)) completion = 'completed';
    if (
      d.masteryScore !== undefined &&
      f.scoreRaw !== null &&
      f.scoreRaw !== undefined &&
      (completion === 'completed' || completion === 'incomplete')
    )
      completion = f.scoreRaw >= d.masteryScore ? 'passed' : 'failed';
    return { completion, success };
  }
  if (d.completionThreshold !== undefined && typeof f.progressMeasure === 'number')
    completion = f.progressMeasure >= d.completionThreshold ? 'completed' : 'incomplete';
  if (d.scaledPassingScore !== undefined && typeof f.scoreScaled === 'number')
    success = f.scoreScaled >= d.scaledPassingScore ? 'passed' : 'failed';
  if (f.ended) {
    if (!d.completionSetByContent && unset(completion)) completion = 'completed';
    if (!d.objectiveSetByContent && unset(success)) success = 'passed';
  }
  return { completion, success };
}
