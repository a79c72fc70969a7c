/**
 * Texts the calendar screens fall back on when the server gives no message of its own (its
 * message always wins, see errorMessage()); the feed token's is spec §8's.
 */
export const CALENDAR_MESSAGES = {
  kindsFailed: 'Could not get the calendar filters.',
  itemsFailed: 'Could not get the calendar.',
  countsFailed: 'Could not get dashboard data.',
  feedTokenFailed: 'Could not get event token',
  postFailed: 'Could not post data',
  deleteFailed: 'Could not delete data',
  feedRevoked: 'Feed URL revoked.',
} as const;

/** The empty hint: the range has nothing, for the kinds switched on. */
export const NOTHING_SCHEDULED = 'Nothing scheduled in this period';

/** Where the calendar lives (the menu path its permission is checked on). */
export const CALENDAR_PATH = '/calendar';
