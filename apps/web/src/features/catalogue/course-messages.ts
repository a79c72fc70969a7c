/**
 * Spec §8 texts the course screens fall back on when the server gives no message of its own
 * (the server's message always wins, see errorMessage()).
 */
export const COURSE_MESSAGES = {
  detailFailed: 'Could not get course detail',
  moduleFailed: 'Could not get course module',
  faqsFailed: 'Could not get course faqs',
  reviewsFailed: 'Could not get course reviews',
  learnerReviewsFailed: 'Could not get learner course reviews',
  fileRepoFailed: 'Could not get file repo data',
  listFailed: 'Loading users failed.',
  postFailed: 'Could not post data',
  updateFailed: 'Could not update data',
  deleteFailed: 'Could not delete data',
  reviewFailed: 'Failed to add review',
  faqDeleteFailed: 'Unable to delete Course Faq',
  moduleDeleteFailed: 'Unable to delete Course Module',
} as const;
