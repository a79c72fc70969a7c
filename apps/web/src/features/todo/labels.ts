/** Spec §8-style messages of the to-do list. */
export const TODO_MESSAGES = {
  loadFailed: 'Could not get your to-do list.',
  partial: 'Some items could not be loaded this time.',
  empty: 'Nothing to do',
  noMatch: 'No items match this search.',
} as const;
