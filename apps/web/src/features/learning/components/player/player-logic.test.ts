import type { TCourseProgress, TModule, TModuleFileItem } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import {
  FileClock,
  flattenFiles,
  initialFileId,
  moduleDone,
  neighbours,
  reachedWatchedShare,
  readStoredFile,
  splitSeconds,
  statusOf,
  viewerKind,
} from './player-logic.ts';

const file = (id: number, position: number, kind = 'pdf'): TModuleFileItem => ({
  id,
  file: `/api/courses/file-repo/${id}/download/`,
  sco_id: null,
  name: `File ${id}`,
  file_id: id,
  kind,
  content_type: kind === 'pdf' ? 'application/pdf' : 'application/octet-stream',
  size: 10,
  position,
  required: true,
});
const mod = (id: number, position: number, files: TModuleFileItem[]): TModule => ({
  id,
  course: 1,
  title: `Module ${id}`,
  description: '',
  position,
  files,
});
// Given out of order on purpose: play order follows positions.
const modules = [mod(20, 2, [file(5, 1)]), mod(10, 1, [file(2, 2), file(1, 1)])];

const progress = (files: [number, TCourseProgress['files'][number]['status']][]) =>
  ({
    course: 1,
    enrolment: 1,
    status: 'enrolled',
    progress_percent: 0,
    completed_at: null,
    last: { selectedModule: null, selectedFile: null },
    files: files.map(([id, status]) => ({
      module: 10,
      module_file: id,
      required: true,
      status,
      time_spent: 0,
    })),
  }) satisfies TCourseProgress;

describe('play order', () => {
  it('plays modules and their files by position', () => {
    expect(flattenFiles(modules).map((e) => [e.module.id, e.file.id, e.index])).toEqual([
      [10, 1, 0],
      [10, 2, 1],
      [20, 5, 2],
    ]);
  });

  it('gives the previous and next file across modules, none at the ends', () => {
    const entries = flattenFiles(modules);
    expect(neighbours(entries, 2).previous?.file.id).toBe(1);
    expect(neighbours(entries, 2).next?.file.id).toBe(5);
    expect(neighbours(entries, 1).previous).toBeNull();
    expect(neighbours(entries, 5).next).toBeNull();
    expect(neighbours(entries, 99)).toEqual({ previous: null, next: null });
  });
});

describe('resume', () => {
  const entries = flattenFiles(modules);
  it('prefers the server state, then this browser, then the first file', () => {
    expect(initialFileId(entries, 5, 2)).toBe(5);
    expect(initialFileId(entries, null, 2)).toBe(2);
    expect(initialFileId(entries, undefined, null)).toBe(1);
  });
  it('skips files that are no longer in the course', () => {
    expect(initialFileId(entries, 77, 88)).toBe(1);
    expect(initialFileId([], 77, null)).toBeNull();
  });
  it('reads only a sane stored id', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(readStoredFile(storage('12'), 1)).toBe(12);
    expect(readStoredFile(storage('x'), 1)).toBeNull();
    expect(readStoredFile(storage(null), 1)).toBeNull();
    expect(readStoredFile(null, 1)).toBeNull();
  });
});

describe('status', () => {
  it('derives file and module status from the progress', () => {
    const p = progress([
      [1, 'completed'],
      [2, 'in_progress'],
    ]);
    expect(statusOf(p, 1)).toBe('completed');
    expect(statusOf(p, 2)).toBe('in_progress');
    expect(statusOf(p, 5)).toBe('not_started');
    expect(statusOf(undefined, 1)).toBe('not_started');
    expect(moduleDone(p, modules[1]!)).toEqual({ done: 1, total: 2 });
  });
});

describe('viewer kind', () => {
  it('shows each kind its own way and offers the rest as a download', () => {
    expect(viewerKind({ kind: 'pdf', content_type: 'application/pdf' })).toBe('pdf');
    expect(viewerKind({ kind: 'video', content_type: 'video/mp4' })).toBe('video');
    expect(viewerKind({ kind: 'other', content_type: 'audio/mpeg' })).toBe('audio');
    expect(viewerKind({ kind: 'image', content_type: 'image/png' })).toBe('image');
    expect(viewerKind({ kind: 'scorm', content_type: 'application/zip' })).toBe('scorm');
    expect(viewerKind({ kind: 'document', content_type: 'application/msword' })).toBe('download');
  });
});

describe('video completion', () => {
  it('counts a recording as watched from 90%', () => {
    expect(reachedWatchedShare(8.9, 10)).toBe(false);
    expect(reachedWatchedShare(9, 10)).toBe(true);
    expect(reachedWatchedShare(5, Number.NaN)).toBe(false);
    expect(reachedWatchedShare(5, 0)).toBe(false);
  });
});

describe('time reports', () => {
  it('cuts long stretches into reports the server accepts', () => {
    expect(splitSeconds(0)).toEqual([]);
    expect(splitSeconds(59.9)).toEqual([59]);
    expect(splitSeconds(7300, 3600)).toEqual([3600, 3600, 100]);
  });

  it('counts whole seconds of visible time and keeps the fraction for the next report', () => {
    const clock = new FileClock();
    expect(clock.switchTo(1, 0)).toBeNull();
    expect(clock.take(1500)).toEqual({ fileId: 1, seconds: 1 });
    // 0.5 s left over plus 1.5 s more.
    expect(clock.take(3000)).toEqual({ fileId: 1, seconds: 2 });
    expect(clock.take(3400)).toBeNull();
  });

  it('stops counting while the page is hidden', () => {
    const clock = new FileClock();
    clock.switchTo(1, 0);
    clock.pause(10_000);
    clock.resume(70_000);
    expect(clock.take(75_000)).toEqual({ fileId: 1, seconds: 15 });
  });

  it('hands over the previous file time when the file changes', () => {
    const clock = new FileClock();
    clock.switchTo(1, 0);
    expect(clock.switchTo(2, 4_000)).toEqual({ fileId: 1, seconds: 4 });
    expect(clock.current).toBe(2);
    expect(clock.take(6_000)).toEqual({ fileId: 2, seconds: 2 });
    expect(clock.switchTo(null, 7_000)).toEqual({ fileId: 2, seconds: 1 });
    clock.resume(8_000);
    expect(clock.take(20_000)).toBeNull();
  });
});
