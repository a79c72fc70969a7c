import type { TScormVersion } from '@atrium/contract';
import type { AuthContext } from '../../core/auth/access.ts';
import type { scormRuntime } from '../../schema/scorm.table.ts';
import { formatDuration2004, formatTimespan12 } from './cmi-time.ts';
import type { ScormSco } from './packages.service.ts';

type Runtime = typeof scormRuntime.$inferSelect;

/** Numbers back to the strings the data model uses (stored validated, loaded as cmi values). */
function asCmi(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(asCmi);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asCmi(v)]));
  return value;
}
const numStr = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const clean = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));

/** The SCO's last session left its attempt open: it exited by suspending (both versions). */
export const continuesAttempt = (row: Pick<Runtime, 'exit'>) => row.exit === 'suspend';

/**
 * cmi.objectives: those the SCO stored in this attempt, then the manifest's objectives
 * (imsss:objectives, primary first) it has not written yet, so a SCO that writes to a named
 * objective finds it (RTE 4.2.17: the LMS initialises the ids from the manifest).
 */
function objectivesOf(stored: unknown, manifestIds: string[] | undefined): unknown {
  const list = Array.isArray(stored) ? (stored as { id?: string }[]) : [];
  const known = new Set(list.map((o) => o.id));
  const added = (manifestIds ?? []).filter((id) => !known.has(id)).map((id) => ({ id }));
  const all = [...list, ...added];
  return all.length > 0 ? asCmi(all) : undefined;
}

/**
 * The cmi object the run-time starts a SCO with (scorm-again `loadFromJSON`): learner, entry,
 * the stored location, suspend data, status, score, total time (the SCO attempt's finished
 * sessions, the last one included) and the manifest's launch data.
 * Entry (RTE cmi.entry): ab-initio the first time; resume after a suspend; otherwise SCORM 1.2
 * gives '' with the stored data, while SCORM 2004 starts a new attempt of the SCO: ab-initio
 * with fresh data (the commit opens that attempt on the server, see runtime.service.ts).
 */
export function initialCmi(
  version: TScormVersion,
  auth: AuthContext | null,
  sco: ScormSco,
  stored: Runtime | undefined,
): Record<string, unknown> {
  const row = version === '2004' && stored && !continuesAttempt(stored) ? undefined : stored;
  const total = row ? row.totalSeconds + row.sessionSeconds - row.attemptStartSeconds : 0;
  const entry = !row ? 'ab-initio' : continuesAttempt(row) ? 'resume' : '';
  const data = (row?.data ?? {}) as Record<string, unknown>;
  const launch = sco.launchData;
  const id = auth ? String(auth.userId) : 'preview';
  const name = auth ? `${auth.lastName}, ${auth.firstName}`.replace(/^, |, $/g, '') : 'Preview';
  if (version === '1.2') {
    return {
      core: clean({
        student_id: id,
        student_name: name,
        lesson_location: row?.location ?? '',
        credit: 'credit',
        lesson_status: row?.completionStatus ?? 'not attempted',
        entry,
        total_time: formatTimespan12(total),
        lesson_mode: 'normal',
        score: clean({
          raw: numStr(row?.scoreRaw),
          min: numStr(row?.scoreMin),
          max: numStr(row?.scoreMax),
        }),
      }),
      ...clean({
        suspend_data: row?.suspendData ?? '',
        launch_data: launch.dataFromLms ?? '',
        comments: data.comments as string | undefined,
        objectives: asCmi(data.objectives),
        student_preference: asCmi(data.student_preference),
      }),
      student_data: clean({
        mastery_score: numStr(launch.masteryScore),
        max_time_allowed: launch.maxTimeAllowed,
        time_limit_action: launch.timeLimitAction,
      }),
    };
  }
  return clean({
    learner_id: id,
    learner_name: name,
    location: row?.location ?? '',
    credit: 'credit',
    mode: 'normal',
    entry,
    completion_status: row?.completionStatus ?? 'unknown',
    success_status: row?.successStatus ?? 'unknown',
    total_time: formatDuration2004(total),
    suspend_data: row?.suspendData ?? '',
    launch_data: launch.dataFromLms,
    completion_threshold: numStr(launch.completionThreshold),
    scaled_passing_score: numStr(launch.scaledPassingScore),
    max_time_allowed: launch.maxTimeAllowed,
    time_limit_action: launch.timeLimitAction,
    progress_measure: numStr(data.progress_measure as number | undefined),
    score: clean({
      scaled: numStr(row?.scoreScaled),
      raw: numStr(row?.scoreRaw),
      min: numStr(row?.scoreMin),
      max: numStr(row?.scoreMax),
    }),
    objectives: objectivesOf(data.objectives, launch.objectiveIds),
    interactions: asCmi(data.interactions),
    comments_from_learner: asCmi(data.comments_from_learner),
    learner_preference: asCmi(data.learner_preference),
  });
}
