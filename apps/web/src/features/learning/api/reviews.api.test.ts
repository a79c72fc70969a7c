import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../../../shared/api/api-error.ts';
import { COURSE_MESSAGES } from '../../catalogue/index.ts';
import { reviewFailure } from './reviews.api.ts';

describe('reviewFailure', () => {
  it('shows the first non_field_errors message (spec §4)', () => {
    const error = toApiError(400, {
      message: 'Invalid input.',
      non_field_errors: ['You have already reviewed this course.', 'Another'],
    });
    expect(reviewFailure(error)).toBe('You have already reviewed this course.');
  });

  it("falls back on the server's message, then on the spec §8 text", () => {
    expect(reviewFailure(toApiError(403, { message: 'Not enrolled.' }))).toBe(
      'Not enrolled. - Permission denied.',
    );
    expect(reviewFailure(new ApiError({ status: 0, message: 'offline' }))).toBe(
      COURSE_MESSAGES.reviewFailed,
    );
    expect(reviewFailure(new Error('boom'))).toBe(COURSE_MESSAGES.reviewFailed);
  });
});
