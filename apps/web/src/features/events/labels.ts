import type {
  TEventCpdUnit,
  TEventEnrolmentMode,
  TEventEnrolmentStatus,
  TEventStatus,
} from '@atrium/contract';

type ChipColor = 'default' | 'info' | 'success' | 'warning' | 'error' | 'primary';

/**
 * Spec §8 texts the event screens fall back on when the server gives no message of its own
 * (its message always wins, see errorMessage()).
 */
export const EVENT_MESSAGES = {
  listFailed: 'Could not get events',
  detailFailed: 'Could not get event detail',
  typesFailed: 'Could not get event types',
  enrolmentsFailed: 'Could not get enrolments',
  postFailed: 'Could not post data',
  updateFailed: 'Could not update data',
  deleteFailed: 'Could not delete data',
} as const;

export const EVENT_STATUS: Record<TEventStatus, { label: string; color: ChipColor }> = {
  draft: { label: 'Draft', color: 'default' },
  published: { label: 'Published', color: 'success' },
  cancelled: { label: 'Cancelled', color: 'error' },
};

export const ENROLMENT_STATUS: Record<TEventEnrolmentStatus, { label: string; color: ChipColor }> =
  {
    requested: { label: 'Requested', color: 'warning' },
    enrolled: { label: 'Enrolled', color: 'primary' },
    cancelled: { label: 'Cancelled', color: 'default' },
  };

export const ENROLMENT_MODE: Record<TEventEnrolmentMode, string> = {
  open: 'Open: people enrol themselves',
  approval: 'By approval: people ask to enrol',
  closed: 'Closed: no enrolment',
};

export const CPD_UNIT: Record<TEventCpdUnit, { label: string; one: string; many: string }> = {
  hours: { label: 'Hours', one: 'hour', many: 'hours' },
  points: { label: 'Points', one: 'point', many: 'points' },
};

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** "1.5 CPD hours", "1 CPD point". */
export function cpdText(value: number, unit: TEventCpdUnit | null): string {
  const words = CPD_UNIT[unit ?? 'hours'];
  return `${value.toLocaleString()} CPD ${value === 1 ? words.one : words.many}`;
}

/** "3 / 20 enrolled", or "3 enrolled" when seats are unlimited. */
export const seatsText = (enrolled: number, capacity: number | null) =>
  capacity === null
    ? `${enrolled.toLocaleString()} enrolled`
    : `${enrolled.toLocaleString()} / ${capacity.toLocaleString()} enrolled`;

/** Where a CPD view of a user lives (spec §2 /cpd-view/{uid}). */
export const cpdViewUrl = (userId: number) => `/cpd-view/${userId}`;
