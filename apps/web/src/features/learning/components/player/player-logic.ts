import {
  MAX_TIME_PER_REPORT_SECONDS,
  type TCourseProgress,
  type TModule,
  type TModuleFileItem,
} from '@atrium/contract';

/*
 * The course player's rules, kept free of React so they can be tested on their own: the order
 * files play in, where to resume, each file's status, how a file is shown, when a video counts
 * as watched and how time spent is cut into progress reports.
 */

export type FileStatus = 'not_started' | 'in_progress' | 'completed';

/** One file of the course with the module it sits in, in play order. */
export interface PlayerEntry {
  module: TModule;
  file: TModuleFileItem;
  /** 0-based place in the whole course. */
  index: number;
}

const byPosition = (a: { position: number; id: number }, b: { position: number; id: number }) =>
  a.position - b.position || a.id - b.id;

/** Every file of the course: modules in order, each module's files in order. */
export function flattenFiles(modules: readonly TModule[]): PlayerEntry[] {
  const entries: PlayerEntry[] = [];
  for (const module of [...modules].sort(byPosition)) {
    for (const file of [...module.files].sort(byPosition)) {
      entries.push({ module, file, index: entries.length });
    }
  }
  return entries;
}

/** The files before and after `fileId` in play order (null at either end or when unknown). */
export function neighbours(entries: readonly PlayerEntry[], fileId: number | null) {
  const at = entries.findIndex((e) => e.file.id === fileId);
  if (at < 0) return { previous: null, next: null };
  return { previous: entries[at - 1] ?? null, next: entries[at + 1] ?? null };
}

/**
 * Where the player opens: the server's last-course state wins (it follows the learner across
 * devices), then the file this browser last showed, then the first file. A remembered file that
 * has since been removed from the course is skipped.
 */
export function initialFileId(
  entries: readonly PlayerEntry[],
  serverLast: number | null | undefined,
  stored: number | null,
): number | null {
  for (const candidate of [serverLast, stored]) {
    if (candidate != null && entries.some((e) => e.file.id === candidate)) return candidate;
  }
  return entries[0]?.file.id ?? null;
}

/** A file's status from the course progress; unknown files have not been started. */
export function statusOf(progress: TCourseProgress | undefined, fileId: number): FileStatus {
  return progress?.files.find((f) => f.module_file === fileId)?.status ?? 'not_started';
}

/** How many of a module's files are completed, for the module's summary line. */
export function moduleDone(progress: TCourseProgress | undefined, module: TModule) {
  const done = module.files.filter((f) => statusOf(progress, f.id) === 'completed').length;
  return { done, total: module.files.length };
}

export type ViewerKind = 'pdf' | 'video' | 'audio' | 'image' | 'scorm' | 'xr' | 'lti' | 'download';

/** How the content pane shows a file: by its kind, falling back on its content type. */
export function viewerKind(file: Pick<TModuleFileItem, 'kind' | 'content_type'>): ViewerKind {
  // An AR/VR scene's asset may be an image or a model: its kind decides, not its content type.
  if (file.kind === 'xr') return 'xr';
  // An LTI resource link has no bytes: the player offers to launch the tool.
  if (file.kind === 'lti') return 'lti';
  if (file.kind === 'pdf' || file.content_type === 'application/pdf') return 'pdf';
  if (file.kind === 'video' || file.content_type.startsWith('video/')) return 'video';
  if (file.kind === 'audio' || file.content_type.startsWith('audio/')) return 'audio';
  if (file.kind === 'image' || file.content_type.startsWith('image/')) return 'image';
  // A SCORM package plays in its own run-time and reports its own completion.
  if (file.kind === 'scorm') return 'scorm';
  // Office documents and anything else are offered as a download.
  return 'download';
}

/** Video and audio complete themselves once watched; everything else is marked by the learner. */
export function completesByPlaying(kind: ViewerKind): boolean {
  return kind === 'video' || kind === 'audio';
}

/** Files whose content decides completion (a SCORM package's SCOs), never a button. */
export function completesByContent(kind: ViewerKind): boolean {
  // An LTI tool completes its item by posting a score (AGS).
  return kind === 'scorm' || kind === 'xr' || kind === 'lti';
}

/** Share of a recording that counts as watched: credits and fade-outs need not be sat through. */
export const WATCHED_SHARE = 0.9;

export function reachedWatchedShare(currentTime: number, duration: number): boolean {
  if (!Number.isFinite(duration) || duration <= 0) return false;
  return currentTime >= duration * WATCHED_SHARE;
}

/** Whole seconds cut into reports the server accepts (each at most the per-report maximum). */
export function splitSeconds(seconds: number, max = MAX_TIME_PER_REPORT_SECONDS): number[] {
  const chunks: number[] = [];
  let left = Math.max(0, Math.floor(seconds));
  while (left > 0) {
    const chunk = Math.min(left, max);
    chunks.push(chunk);
    left -= chunk;
  }
  return chunks;
}

export interface PendingTime {
  fileId: number;
  seconds: number;
}

/**
 * Counts the time a file is on screen. It runs only while the page is visible (pause/resume),
 * and `take` hands over the whole seconds counted since the last take, keeping the fraction so
 * nothing is lost or counted twice between reports.
 */
export class FileClock {
  private fileId: number | null = null;
  private runningSince: number | null = null;
  private pendingMs = 0;

  /** Starts counting for a file; returns what the previous file had not reported yet. */
  switchTo(fileId: number | null, now: number): PendingTime | null {
    const left = this.take(now);
    this.fileId = fileId;
    this.pendingMs = 0;
    this.runningSince = fileId === null ? null : now;
    return left;
  }

  pause(now: number): void {
    if (this.runningSince === null) return;
    this.pendingMs += now - this.runningSince;
    this.runningSince = null;
  }

  resume(now: number): void {
    if (this.fileId !== null && this.runningSince === null) this.runningSince = now;
  }

  get current(): number | null {
    return this.fileId;
  }

  /** The whole seconds not reported yet for the current file (null when there are none). */
  take(now: number): PendingTime | null {
    if (this.fileId === null) return null;
    if (this.runningSince !== null) {
      this.pendingMs += Math.max(0, now - this.runningSince);
      this.runningSince = now;
    }
    const seconds = Math.floor(this.pendingMs / 1000);
    if (seconds <= 0) return null;
    this.pendingMs -= seconds * 1000;
    return { fileId: this.fileId, seconds };
  }
}

/** Local-storage key of the file this browser last showed in a course (a resume fallback). */
export const lastFileKey = (courseId: number) => `coursePlayer.lastFile.${courseId}`;

export function readStoredFile(storage: Pick<Storage, 'getItem'> | null, courseId: number) {
  const value = Number(storage?.getItem(lastFileKey(courseId)) ?? Number.NaN);
  return Number.isInteger(value) && value > 0 ? value : null;
}
