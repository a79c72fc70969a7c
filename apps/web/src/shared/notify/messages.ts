/**
 * The spec §8 catalogue texts the people and organisation screens use when the server gives no
 * message of its own (its own message always wins, see errorMessage()).
 */
export const MESSAGES = {
  /** Spec §8: admin, user, organisation, location and path lists. */
  listFailed: 'Loading users failed.',
  userDetailFailed: 'Could not get user detail',
  generalInfoFailed: 'Could not load general info.',
  postFailed: 'Could not post data',
  updateFailed: 'Could not update data',
  deleteFailed: 'Could not delete data',
} as const;
