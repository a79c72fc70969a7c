import type { TFrequency, TNotificationType } from '@atrium/contract';

/** What a stored notification says, for the list, the mails and the digests. */
export interface NotificationFacts {
  actorName: string | null;
  subjectTitle: string;
  detail: string | null;
}

export interface NotificationTypeDefinition {
  label: string;
  /** The default per channel when the organisation set none. */
  defaults: { in_app: TFrequency; email: TFrequency };
  /** One sentence, plain text: the list's message, the mail's subject and the digest's line. */
  message(facts: NotificationFacts): string;
}

const someone = (name: string | null) => name ?? 'Someone';

/**
 * The registry of kinds. A record over the contract's list, so a kind added there without its
 * defaults and wording here does not compile; the subscriber that raises it lives in
 * notifications.subscribers.ts.
 */
export const NOTIFICATION_TYPE_DEFINITIONS: Record<TNotificationType, NotificationTypeDefinition> =
  {
    enrolment_assigned: {
      label: 'You are enrolled in a course',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) => `${someone(f.actorName)} enrolled you in ${f.subjectTitle}.`,
    },
    enrolment_unassigned: {
      label: 'You are removed from a course',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) => `${someone(f.actorName)} removed you from ${f.subjectTitle}.`,
    },
    approval_decided: {
      label: 'Your request is decided',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) =>
        `Your request for ${f.subjectTitle} was ${f.detail ?? 'decided'}${
          f.actorName ? ` by ${f.actorName}` : ''
        }.`,
    },
    approval_pending: {
      label: 'A request awaits your decision',
      defaults: { in_app: 'immediately', email: 'daily' },
      message: (f) => `${someone(f.actorName)} asks you to approve ${f.subjectTitle}.`,
    },
    course_published: {
      label: 'A course of yours is published',
      defaults: { in_app: 'immediately', email: 'off' },
      message: (f) => `${f.subjectTitle} is published.`,
    },
    assignment_graded: {
      label: 'Your assignment is graded',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) => `${someone(f.actorName)} graded your submission to ${f.subjectTitle}.`,
    },
    submission_received: {
      label: 'A learner submitted an assignment',
      defaults: { in_app: 'immediately', email: 'daily' },
      message: (f) => `${someone(f.actorName)} submitted ${f.subjectTitle}.`,
    },
    review_received: {
      label: 'Your course is reviewed',
      defaults: { in_app: 'immediately', email: 'weekly' },
      message: (f) => `${someone(f.actorName)} reviewed ${f.subjectTitle}.`,
    },
    user_approved: {
      label: 'Your account is approved',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) => `Your account in ${f.subjectTitle} is approved.`,
    },
    learning_path_assigned: {
      label: 'You are enrolled in a learning path',
      defaults: { in_app: 'immediately', email: 'immediately' },
      // The detail says why when nobody did it themselves: a completion expired.
      message: (f) =>
        f.detail === 'recertification'
          ? `Your completion of the learning path ${f.subjectTitle} expired: you are enrolled again.`
          : f.actorName
            ? `${f.actorName} enrolled you in the learning path ${f.subjectTitle}.`
            : `You are enrolled in the learning path ${f.subjectTitle}.`,
    },
    learning_path_due_soon: {
      label: 'A learning path is due soon',
      defaults: { in_app: 'immediately', email: 'immediately' },
      // The detail is the due date as ISO text, written when the reminder was raised.
      message: (f) =>
        `The learning path ${f.subjectTitle} is due ${f.detail ? `on ${f.detail.slice(0, 10)}` : 'soon'}.`,
    },
    learning_path_overdue: {
      label: 'A learning path is overdue',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) =>
        `The learning path ${f.subjectTitle} is overdue${f.detail ? ` (due ${f.detail.slice(0, 10)})` : ''}.`,
    },
    learning_path_completed: {
      label: 'You completed a learning path',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) => `You completed the learning path ${f.subjectTitle}.`,
    },
    learning_path_message: {
      label: 'A message about a learning path',
      defaults: { in_app: 'immediately', email: 'immediately' },
      // The detail is the manager's subject and message, as they wrote them.
      message: (f) =>
        `${someone(f.actorName)} wrote about ${f.subjectTitle}${f.detail ? `: ${f.detail}` : '.'}`,
    },
    assessment_assigned: {
      label: 'You are assigned an assessment',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) =>
        f.actorName
          ? `${f.actorName} assigned you the assessment ${f.subjectTitle}.`
          : `You are assigned the assessment ${f.subjectTitle}.`,
    },
    assessment_graded: {
      label: 'Your assessment is graded',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) => `Your attempt at ${f.subjectTitle} is graded: your result is ready.`,
    },
    assessment_grading_pending: {
      label: 'Answers await your grading',
      defaults: { in_app: 'immediately', email: 'daily' },
      // The detail is how many answers of the attempt wait.
      message: (f) =>
        `${someone(f.actorName)} submitted ${f.subjectTitle}${
          f.detail ? `: ${f.detail} answer(s) to grade` : ''
        }.`,
    },
    proctoring_over_budget: {
      label: 'A proctored attempt exceeds its flag budget',
      defaults: { in_app: 'immediately', email: 'immediately' },
      // The detail is how many flags (not dismissed) the attempt has, and the budget.
      message: (f) =>
        `${someone(f.actorName)}’s attempt at ${f.subjectTitle} has ${f.detail ?? 'too many'} proctoring flags: please review it.`,
    },
    proctoring_decided: {
      label: 'A proctor’s review changes your result',
      defaults: { in_app: 'immediately', email: 'immediately' },
      // The detail is the outcome: 'violation' voids the result, anything else gives it back.
      message: (f) =>
        f.detail === 'violation'
          ? `A proctor reviewed your attempt at ${f.subjectTitle} and judged it a violation: its result is void.`
          : `A proctor changed the review of your attempt at ${f.subjectTitle}: its result counts again.`,
    },
    // Classrooms: the detail is the session's time as its learners read it ("2026-07-01 09:00
    // Europe/London"). The calendar invitation mail carries the booked, promoted, cancelled and
    // changed news, so those types mail nothing more by default.
    classroom_booked: {
      label: 'A seat is booked for you in a session',
      defaults: { in_app: 'immediately', email: 'off' },
      message: (f) =>
        `${someone(f.actorName)} booked you a seat in ${f.subjectTitle}${f.detail ? ` (${f.detail})` : ''}.`,
    },
    classroom_waitlisted: {
      label: 'You are on a session’s waitlist',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) =>
        `${f.subjectTitle} is full: you are on its waitlist${f.detail ? ` (${f.detail})` : ''}. You will be told if a seat frees up.`,
    },
    classroom_promoted: {
      label: 'A seat freed up for you',
      defaults: { in_app: 'immediately', email: 'off' },
      message: (f) =>
        `A seat freed up in ${f.subjectTitle}${f.detail ? ` (${f.detail})` : ''}: you are booked.`,
    },
    classroom_booking_cancelled: {
      label: 'Your session booking is cancelled',
      defaults: { in_app: 'immediately', email: 'off' },
      message: (f) =>
        `${f.actorName ? `${f.actorName} cancelled your` : 'Your'} booking in ${f.subjectTitle}${f.detail ? ` (${f.detail})` : ''}${f.actorName ? '.' : ' is cancelled.'}`,
    },
    classroom_session_changed: {
      label: 'A session you booked has changed',
      defaults: { in_app: 'immediately', email: 'off' },
      message: (f) => `${f.subjectTitle} has changed${f.detail ? `: it is now ${f.detail}` : ''}.`,
    },
    classroom_session_cancelled: {
      label: 'A session you booked is cancelled',
      defaults: { in_app: 'immediately', email: 'off' },
      // The detail is its time, and why when too few booked it by the cut-off.
      message: (f) => `${f.subjectTitle} is cancelled${f.detail ? ` (${f.detail})` : ''}.`,
    },
    // Events: the detail is the event's first time as its zone reads it. The invitation mail
    // (with its calendar entry) carries the enrolment and changes, so those mail nothing more.
    event_enrolled: {
      label: 'You are enrolled in an event',
      defaults: { in_app: 'immediately', email: 'off' },
      message: (f) =>
        `${f.actorName ? `${f.actorName} enrolled you in` : 'You are enrolled in'} ${f.subjectTitle}${f.detail ? ` (${f.detail})` : ''}.`,
    },
    event_enrolment_cancelled: {
      label: 'Your event enrolment is cancelled',
      defaults: { in_app: 'immediately', email: 'off' },
      message: (f) =>
        `${f.actorName ? `${f.actorName} cancelled your` : 'Your'} enrolment in ${f.subjectTitle}${f.actorName ? '.' : ' is cancelled.'}`,
    },
    event_changed: {
      label: 'An event you enrolled in has changed',
      defaults: { in_app: 'immediately', email: 'off' },
      message: (f) => `${f.subjectTitle} has changed${f.detail ? `: it is now ${f.detail}` : ''}.`,
    },
    event_cancelled: {
      label: 'An event you enrolled in is cancelled',
      defaults: { in_app: 'immediately', email: 'off' },
      message: (f) => `${f.subjectTitle} is cancelled${f.detail ? ` (${f.detail})` : ''}.`,
    },
    // Announcements: the author chose to send it by e-mail too (send_email), through these.
    announcement: {
      label: 'An announcement for you',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) =>
        `${f.actorName ? `${f.actorName} announced` : 'New announcement'}: ${f.subjectTitle}.`,
    },
    // Discussions. A busy topic gets many answers in a day: one mail each would bury the rest
    // of the inbox, so new answers are mailed in the daily digest (in-app stays immediate).
    // An accepted answer happens once per question and is news to its author: mailed at once.
    discussion_answer: {
      label: 'A new answer in a discussion you follow',
      defaults: { in_app: 'immediately', email: 'daily' },
      message: (f) => `${someone(f.actorName)} answered in ${f.subjectTitle}.`,
    },
    discussion_answer_accepted: {
      label: 'Your answer is accepted',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) => `${someone(f.actorName)} accepted your answer in ${f.subjectTitle}.`,
    },
    // Forums: sent once a post's 30-minute edit window has passed. Subscribing to a forum is
    // asking for its posts, so each is mailed at once unless the person picks a digest.
    // The detail is the forum's name.
    forum_post: {
      label: 'A new post in a forum you subscribe to',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) =>
        `${someone(f.actorName)} posted in ${f.subjectTitle}${f.detail ? ` (${f.detail})` : ''}.`,
    },
    // The wall: a mention or a comment on one's post is addressed to the person, so in-app at
    // once; a busy wall would bury the inbox, so mail goes in the daily digest.
    wall_mention: {
      label: 'Someone mentions you on the wall',
      defaults: { in_app: 'immediately', email: 'daily' },
      message: (f) => `${someone(f.actorName)} mentioned you on the wall: “${f.subjectTitle}”.`,
    },
    wall_comment: {
      label: 'A comment on your wall post',
      defaults: { in_app: 'immediately', email: 'daily' },
      message: (f) => `${someone(f.actorName)} commented on your post “${f.subjectTitle}”.`,
    },
    // Moderation: an item to review is the admins' work, so at once in-app and by mail; a
    // moderator's decision on one's words is addressed to the author, at once too.
    moderation_report: {
      label: 'Content to review in the moderation queue',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) => `To review: ${f.detail ?? 'content'}, “${f.subjectTitle}”.`,
    },
    moderation_decision: {
      label: 'A moderator decided on your post, answer or comment',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) => `A moderator ${f.detail ?? 'decided on your content'}: “${f.subjectTitle}”.`,
    },
    // Blogs: a comment on one's blog post is addressed to the author; like the wall's, in-app
    // at once and mail in the daily digest.
    blog_comment: {
      label: 'A comment on your blog post',
      defaults: { in_app: 'immediately', email: 'daily' },
      message: (f) => `${someone(f.actorName)} commented on your blog post “${f.subjectTitle}”.`,
    },
    // Gamification: a new level is good news addressed to the person, in-app at once; mail would
    // be noise for something the top bar shows too, so it is off unless they turn it on.
    level_reached: {
      label: 'You reached a new level',
      defaults: { in_app: 'immediately', email: 'off' },
      message: (f) => `You reached the level “${f.subjectTitle}”.`,
    },
    // Badges: as for levels, in-app at once; mail off unless the person turns it on.
    badge_awarded: {
      label: 'You earned a badge',
      defaults: { in_app: 'immediately', email: 'off' },
      message: (f) => `You earned the badge “${f.subjectTitle}”.`,
    },
    // Certificates: a document the person may need at once (a job application, an audit), so
    // in-app and mail both go out immediately.
    certificate_issued: {
      label: 'You received a certificate',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) => `Your certificate for “${f.subjectTitle}” is ready.`,
    },
    // Reports: the person waits for the file they asked for; a mail would only repeat it.
    report_ready: {
      label: 'Your report is ready to download',
      defaults: { in_app: 'immediately', email: 'off' },
      message: (f) => `Your report “${f.subjectTitle}” is ready to download.`,
    },
    // Support (issue 23): a ticket is someone waiting for an answer against an SLA, so the
    // admins who work the queue hear at once, in-app and by mail. The detail is the reference.
    support_ticket_opened: {
      label: 'A support ticket is opened',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) =>
        `${someone(f.actorName)} opened the support ticket ${f.detail ?? ''} “${f.subjectTitle}”.`,
    },
    support_ticket_replied: {
      label: 'A requester answers a support ticket',
      defaults: { in_app: 'immediately', email: 'immediately' },
      message: (f) =>
        `${someone(f.actorName)} replied to the support ticket ${f.detail ?? ''} “${f.subjectTitle}”.`,
    },
  };

export const typeDefinition = (type: TNotificationType) => NOTIFICATION_TYPE_DEFINITIONS[type];
