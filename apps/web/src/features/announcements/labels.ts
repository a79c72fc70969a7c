import type { TAnnouncementState } from '@atrium/contract';

type ChipColor = 'default' | 'info' | 'success' | 'warning' | 'error' | 'primary';

/**
 * Spec §8 texts the announcement screens fall back on when the server gives no message of its
 * own (its message always wins, see errorMessage()).
 */
export const ANNOUNCEMENT_MESSAGES = {
  listFailed: 'Could not get announcements',
  detailFailed: 'Could not get announcement detail',
  reportFailed: 'Could not get the report',
  postFailed: 'Could not post data',
  deleteFailed: 'Could not delete data',
  downloadFailed: 'Could not download the file',
} as const;

export const ANNOUNCEMENT_STATE: Record<TAnnouncementState, { label: string; color: ChipColor }> = {
  scheduled: { label: 'Scheduled', color: 'info' },
  published: { label: 'Published', color: 'success' },
  expired: { label: 'Expired', color: 'default' },
};

export type AnnouncementTab = 'inbox' | 'manage';

/** Where an announcement lives (spec §2 /announcements/{id}/). */
export const announcementUrl = (id: number) => `/announcements/${id}/`;
export const ANNOUNCEMENTS_URL = '/announcements';

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;
