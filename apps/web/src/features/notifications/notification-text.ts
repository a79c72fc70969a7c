import type { TNotification, TNotificationType } from '@atrium/contract';

/** A run of a notification's sentence; names and titles are emphasised. */
export interface TextPart {
  text: string;
  strong?: boolean;
}

type Category =
  | 'enrolment'
  | 'request'
  | 'course'
  | 'assignment'
  | 'review'
  | 'account'
  | 'announcement'
  | 'discussion';

/** The filter's wording per type, and the icon family each belongs to. */
export const TYPE_INFO: Record<TNotificationType, { label: string; category: Category }> = {
  enrolment_assigned: { label: 'Enrolled in a course', category: 'enrolment' },
  enrolment_unassigned: { label: 'Removed from a course', category: 'enrolment' },
  approval_decided: { label: 'Request decided', category: 'request' },
  approval_pending: { label: 'Request to decide', category: 'request' },
  course_published: { label: 'Course published', category: 'course' },
  assignment_graded: { label: 'Assignment graded', category: 'assignment' },
  submission_received: { label: 'Submission received', category: 'assignment' },
  review_received: { label: 'Review received', category: 'review' },
  user_approved: { label: 'Account approved', category: 'account' },
  learning_path_assigned: { label: 'Enrolled in a learning path', category: 'enrolment' },
  learning_path_due_soon: { label: 'Learning path due soon', category: 'course' },
  learning_path_overdue: { label: 'Learning path overdue', category: 'course' },
  learning_path_completed: { label: 'Learning path completed', category: 'course' },
  learning_path_message: { label: 'Learning path message', category: 'course' },
  assessment_assigned: { label: 'Assessment assigned', category: 'course' },
  assessment_graded: { label: 'Assessment graded', category: 'assignment' },
  assessment_grading_pending: { label: 'Answers to grade', category: 'assignment' },
  proctoring_over_budget: { label: 'Proctoring flags to review', category: 'assignment' },
  proctoring_decided: { label: 'Proctoring review', category: 'assignment' },
  classroom_booked: { label: 'Seat booked in a session', category: 'enrolment' },
  classroom_waitlisted: { label: 'On a session’s waitlist', category: 'enrolment' },
  classroom_promoted: { label: 'Seat from the waitlist', category: 'enrolment' },
  classroom_booking_cancelled: { label: 'Session booking cancelled', category: 'enrolment' },
  classroom_session_changed: { label: 'Session changed', category: 'course' },
  classroom_session_cancelled: { label: 'Session cancelled', category: 'course' },
  event_enrolled: { label: 'Enrolled in an event', category: 'enrolment' },
  event_enrolment_cancelled: { label: 'Event enrolment cancelled', category: 'enrolment' },
  event_changed: { label: 'Event changed', category: 'course' },
  event_cancelled: { label: 'Event cancelled', category: 'course' },
  announcement: { label: 'Announcement', category: 'announcement' },
  discussion_answer: { label: 'New answer in a discussion', category: 'discussion' },
  discussion_answer_accepted: { label: 'Your answer was accepted', category: 'discussion' },
  forum_post: { label: 'New post in a forum', category: 'discussion' },
  wall_mention: { label: 'Mentioned on the wall', category: 'discussion' },
  wall_comment: { label: 'Comment on your wall post', category: 'discussion' },
  blog_comment: { label: 'Comment on your blog post', category: 'discussion' },
  moderation_report: { label: 'Content to review', category: 'discussion' },
  moderation_decision: { label: 'Moderator decision on your content', category: 'discussion' },
  level_reached: { label: 'New level reached', category: 'account' },
  badge_awarded: { label: 'New badge earned', category: 'account' },
  certificate_issued: { label: 'Certificate issued', category: 'account' },
  report_ready: { label: 'Report ready to download', category: 'account' },
  support_ticket_opened: { label: 'Support ticket opened', category: 'request' },
  support_ticket_replied: { label: 'Reply to a support ticket', category: 'request' },
};

const who = (n: TNotification): TextPart => ({
  text: n.actor?.fullname ?? 'Someone',
  strong: true,
});
const what = (n: TNotification): TextPart => ({ text: n.subject.title, strong: true });

/**
 * The sentence per type, with the actor and the subject emphasised. A decided request's outcome
 * (approved or rejected), a learning path's due date and a manager's message are only in the
 * server's message, so those types show the message with its names emphasised, as does any type
 * this build does not know yet.
 */
export function notificationText(n: TNotification): TextPart[] {
  switch (n.type) {
    case 'enrolment_assigned':
      return [who(n), { text: ' enrolled you in ' }, what(n)];
    case 'enrolment_unassigned':
      return [who(n), { text: ' removed you from ' }, what(n)];
    // The subject's title names the kind: "Course enrolment: Safety 101".
    case 'approval_pending':
      return [who(n), { text: ' asks you to approve ' }, what(n)];
    case 'course_published':
      return [what(n), { text: ' is published' }];
    case 'assignment_graded':
      return [who(n), { text: ' graded your submission to ' }, what(n)];
    case 'submission_received':
      return [who(n), { text: ' submitted ' }, what(n)];
    case 'review_received':
      return [who(n), { text: ' reviewed ' }, what(n)];
    case 'user_approved':
      return [{ text: 'Your account in ' }, what(n), { text: ' is approved' }];
    case 'learning_path_assigned':
      return n.actor
        ? [who(n), { text: ' enrolled you in the learning path ' }, what(n)]
        : [{ text: 'You are enrolled in the learning path ' }, what(n)];
    case 'learning_path_completed':
      return [{ text: 'You completed the learning path ' }, what(n)];
    case 'announcement':
      return [who(n), { text: ' announced ' }, what(n)];
    case 'discussion_answer':
      return [who(n), { text: ' answered in ' }, what(n)];
    case 'discussion_answer_accepted':
      return [who(n), { text: ' accepted your answer in ' }, what(n)];
    // Sent once the post's edit window has passed; the subject is the thread.
    case 'forum_post':
      return [who(n), { text: ' posted in ' }, what(n)];
    // A wall post's subject title is the start of its text (posts have no title).
    case 'wall_mention':
      return [who(n), { text: ' mentioned you on the wall: ' }, what(n)];
    case 'wall_comment':
      return [who(n), { text: ' commented on your post: ' }, what(n)];
    case 'blog_comment':
      return [who(n), { text: ' commented on your blog post ' }, what(n)];
    // What was reported or held, and what the moderator did ("hid your wall post"), are only in
    // the server's sentence: shown with the content's words emphasised.
    case 'moderation_report':
    case 'moderation_decision':
      return emphasise(n.message, [n.subject.title]);
    // Nobody caused it: the system's points did.
    case 'level_reached':
      return [{ text: 'You reached the level ' }, what(n)];
    case 'badge_awarded':
      return [{ text: 'You earned the badge ' }, what(n)];
    case 'certificate_issued':
      return [{ text: 'Your certificate is ready for ' }, what(n)];
    case 'report_ready':
      return [{ text: 'Your report is ready to download: ' }, what(n)];
    case 'support_ticket_opened':
      return [who(n), { text: ' opened a support ticket: ' }, what(n)];
    case 'support_ticket_replied':
      return [who(n), { text: ' replied to the support ticket ' }, what(n)];
    // Due soon and overdue carry their date, and a message its text, only in the server's
    // sentence: they fall through to it, with the names emphasised.
    default:
      return emphasise(n.message, [n.subject.title, n.actor?.fullname]);
  }
}

/** The sentence as plain text (accessible names, tests). */
export function notificationPlainText(n: TNotification): string {
  return notificationText(n)
    .map((part) => part.text)
    .join('');
}

/** Splits `text` so that the first occurrence of each name is its own emphasised part. */
export function emphasise(text: string, names: (string | null | undefined)[]): TextPart[] {
  let parts: TextPart[] = [{ text }];
  for (const name of names) {
    if (!name) continue;
    const next: TextPart[] = [];
    let done = false;
    for (const part of parts) {
      const at = done || part.strong ? -1 : part.text.indexOf(name);
      if (at < 0) {
        next.push(part);
        continue;
      }
      done = true;
      if (at > 0) next.push({ text: part.text.slice(0, at) });
      next.push({ text: name, strong: true });
      if (at + name.length < part.text.length)
        next.push({ text: part.text.slice(at + name.length) });
    }
    parts = next;
  }
  return parts;
}

export type DayGroup = 'Today' | 'Yesterday' | 'Earlier';

/**
 * Groups newest-first notifications by the viewer's calendar day: today, yesterday, earlier.
 * Order is kept; empty groups are left out.
 */
export function groupByDay<T extends { created_at: string }>(
  items: readonly T[],
  now: Date = new Date(),
): { label: DayGroup; items: T[] }[] {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const startOfYesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).getTime();
  const groups = new Map<DayGroup, T[]>();
  for (const item of items) {
    const at = Date.parse(item.created_at);
    const label: DayGroup =
      at >= startOfToday ? 'Today' : at >= startOfYesterday ? 'Yesterday' : 'Earlier';
    const list = groups.get(label) ?? [];
    list.push(item);
    groups.set(label, list);
  }
  return (['Today', 'Yesterday', 'Earlier'] as const)
    .filter((label) => groups.has(label))
    .map((label) => ({ label, items: groups.get(label) ?? [] }));
}
