import {
  proctoringOps as ops,
  type TProctoringSession,
  type ZProctorMessage,
} from '@atrium/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';

/*
 * The learner's side of proctoring: what they agree to, the device's calls during the attempt,
 * and the outcome beside their result. The device's calls are plain functions, not mutations:
 * the monitor retries them itself and never shows the app's error snackbar (an attempt must not
 * be interrupted by proctoring's troubles).
 */

export type ProctorMessage = z.infer<typeof ZProctorMessage>;
export type DeviceSession = TProctoringSession;

export const deviceKeys = {
  consent: (uuid: string) => ['proctoring', 'consent', uuid] as const,
  result: (attempt: number) => ['proctoring', 'result', attempt] as const,
};

export function useProctoringConsent(uuid: string, enabled = true) {
  return useQuery({
    queryKey: deviceKeys.consent(uuid),
    queryFn: ({ signal }) => call(ops.consent, { params: { uuid }, signal }),
    enabled: enabled && uuid !== '',
  });
}

/** The outcome of an attempt's proctoring; a 404 (not the caller's to know) reads as "none". */
export function useProctoringResult(attempt: number) {
  return useQuery({
    queryKey: deviceKeys.result(attempt),
    queryFn: ({ signal }) => call(ops.result, { params: { attempt }, signal }),
    enabled: attempt > 0,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** A file part named so that the server's extension allow-list reads its type. */
function named(blob: Blob, base: string): File {
  const type = blob.type.split(';')[0] ?? '';
  const ext = type === 'video/mp4' ? 'mp4' : type.startsWith('video/') ? 'webm' : 'jpg';
  return new File([blob], `${base}.${ext}`, { type: type || 'application/octet-stream' });
}

export interface FlagUpload {
  session: number;
  type: TProctoringSession['signals'][number];
  occurredAt: number;
  confidence: number;
  detail: string;
}

/**
 * The device's calls. Every multipart form sends its text fields before its files: the server
 * checks the caller on the fields before it stores a byte (docs/ARCHITECTURE.md, Proctoring).
 */
export const deviceApi = {
  login: (attempt: number) => call(ops.login, { body: { attempt } }),
  heartbeat: (session: number, camera: boolean, visible: boolean) =>
    call(ops.heartbeat, { body: { session, camera, visible } }),
  acknowledge: (session: number, messages: number[]) =>
    call(ops.ackMessages, { body: { session, messages } }),
  /** Raises a flag with its still (when there is one); answers the flag, for its clip. */
  raiseFlag(flag: FlagUpload, still: Blob | null) {
    const form = new FormData();
    form.append('session', String(flag.session));
    form.append('type', flag.type);
    form.append('occurred_at', new Date(flag.occurredAt).toISOString());
    form.append('confidence', String(Math.min(1, Math.max(0, flag.confidence))));
    form.append('detail', flag.detail);
    if (still) form.append('frame', named(still, 'frame'));
    return call(ops.uploadFrame, { body: form });
  },
  /** The clip recorded around a flag, once it has finished. */
  addClip(flag: number, clip: Blob) {
    const form = new FormData();
    form.append('flag', String(flag));
    form.append('clip', named(clip, 'clip'));
    return call(ops.updateFileRepo, { body: form });
  },
  thumbnail(session: number, frame: Blob) {
    const form = new FormData();
    form.append('session', String(session));
    form.append('frame', named(frame, 'thumbnail'));
    return call(ops.thumbnail, { body: form });
  },
  identity(session: number, photo: Blob, idPhoto: Blob | null, similarity?: number | null) {
    const form = new FormData();
    form.append('session', String(session));
    form.append('photo', named(photo, 'photo'));
    if (idPhoto) form.append('id_photo', named(idPhoto, 'id-photo'));
    // Left out, not sent empty, when the device could not compare: the proctor compares.
    if (typeof similarity === 'number') form.append('similarity', String(similarity));
    return call(ops.identity, { body: form });
  },
};
export type DeviceApi = typeof deviceApi;
