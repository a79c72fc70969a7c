import { defineOperation } from '../core/operation.ts';
import {
  ZFeedback,
  ZFeedbackCreate,
  ZFeedbackFilter,
  ZFeedbackPage,
  ZFeedbackQuery,
} from './support.feedback.ts';

const tags = ['support'];
const admins = 'Admins (their organisation’s feedback); superadmins every organisation’s';

/** `/feedback`: a rating with a comment, and the admins' list and export. */
export const supportFeedbackOps = {
  sendFeedback: defineOperation({
    method: 'POST',
    path: '/api/support/feedback/',
    body: ZFeedbackCreate,
    response: ZFeedback,
    status: 201,
    errors: [400, 401, 403] as const,
    summary: 'Rate the product or a page, 1 to 5, with an optional comment',
    access: 'Signed in',
    tags,
  }),
  feedbackList: defineOperation({
    method: 'GET',
    path: '/api/support/feedback/',
    query: ZFeedbackQuery,
    response: ZFeedbackPage,
    errors: [400, 401, 403] as const,
    summary: 'Feedback, newest first, with the average rating of the filtered entries',
    access: admins,
    tags,
  }),
  feedbackExport: defineOperation({
    method: 'GET',
    path: '/api/support/feedback/export/',
    query: ZFeedbackFilter,
    response: 'binary',
    errors: [400, 401, 403] as const,
    summary: 'The filtered feedback as CSV',
    access: admins,
    tags,
  }),
};
