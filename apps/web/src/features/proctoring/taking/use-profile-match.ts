import { profileOps } from '@atrium/contract';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../../shared/api/call.ts';
import { useSession } from '../../../shared/session/session-context.ts';

export type MatchStatus = 'matching' | 'matched' | 'no_profile_photo' | 'no_face' | 'failed';

export interface ProfileMatch {
  /** null until a photo is taken, or when the check is not photo_match. */
  status: MatchStatus | null;
  /**
   * The similarity to upload with the identity photo, or null to send none. Pending while the
   * match runs: the upload waits for it, Start does not (see MATCH_WAIT_MS).
   */
  similarity: Promise<number | null> | null;
}

/**
 * How long the identity upload waits for a match still running: the models load while the
 * learner reads the first question, but a very slow device sends the photo without a number
 * rather than hold it back, and the proctor compares the photos themselves.
 */
export const MATCH_WAIT_MS = 60_000;

/** The signed-in learner's profile photo, or null when they have none. */
async function profilePhoto(userId: number): Promise<Blob | null> {
  const details = await call(profileOps.details, { params: { id: userId } });
  const url = details.profile.photo_url;
  if (!url) return null;
  // The photo is Atrium's own cookie-authenticated file, like the profile page's <img>.
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`profile photo: HTTP ${response.status}`);
  return response.blob();
}

async function compare(
  photo: Blob,
  profile: Promise<Blob | null>,
): Promise<{ status: MatchStatus; similarity: number | null }> {
  const theirs = await profile;
  if (!theirs) return { status: 'no_profile_photo', similarity: null };
  const [a, b] = await Promise.all([createImageBitmap(photo), createImageBitmap(theirs)]);
  // Loaded only now: the match needs the detection chunk and, in its worker, faceres.
  const { matchFaces } = await import('../detection/index.ts');
  const similarity = await matchFaces(a, b);
  return similarity === null
    ? { status: 'no_face', similarity }
    : { status: 'matched', similarity };
}

/**
 * For the photo_match identity check: compares the photo the learner took with their profile
 * photo, on the device, each time they (re)take it. A missing profile photo, a face not found or
 * any failure end in no similarity: a proctor then compares the photos.
 */
export function useProfileMatch(enabled: boolean, photo: Blob | null): ProfileMatch {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const [match, setMatch] = useState<ProfileMatch>({ status: null, similarity: null });
  // Fetched once however often the photo is retaken.
  const profile = useRef<Promise<Blob | null> | null>(null);

  useEffect(() => {
    if (!enabled || !photo || userId === null) {
      setMatch({ status: null, similarity: null });
      return;
    }
    let current = true;
    profile.current ??= profilePhoto(userId);
    const run = compare(photo, profile.current).catch(() => {
      // A failed profile read is retried with the next photo.
      profile.current = null;
      return { status: 'failed' as const, similarity: null };
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), MATCH_WAIT_MS);
    });
    const similarity = Promise.race([run.then((r) => r.similarity), waited]).finally(() =>
      clearTimeout(timer),
    );
    setMatch({ status: 'matching', similarity });
    void run.then((result) => {
      if (current) setMatch({ status: result.status, similarity });
    });
    // A retaken photo starts a new match; the old one's answer is no longer shown.
    return () => {
      current = false;
    };
  }, [enabled, photo, userId]);

  return match;
}

/** What the learner is told about the match; nothing before a photo is taken. */
export const MATCH_TEXT: Record<MatchStatus, string> = {
  matching: 'Comparing your photo with your profile photo on this device… You can start meanwhile.',
  matched: 'Your photo was compared with your profile photo on this device. A proctor checks it.',
  no_profile_photo:
    'You have no profile photo, so nothing was compared on this device: a proctor will compare the photos.',
  no_face:
    'No face was found in your photo or in your profile photo, so a proctor will compare the photos. You can retake yours.',
  failed: 'Your photo could not be compared on this device, so a proctor will compare the photos.',
};
