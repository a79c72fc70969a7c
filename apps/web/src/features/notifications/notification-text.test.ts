import { NOTIFICATION_TYPES } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import {
  emphasise,
  groupByDay,
  notificationPlainText,
  notificationText,
  TYPE_INFO,
} from './notification-text.ts';
import { notification } from './test-notification.ts';

describe('notificationText', () => {
  it('says who did what to which subject, with both emphasised', () => {
    expect(notificationText(notification())).toEqual([
      { text: 'Ada Admin', strong: true },
      { text: ' enrolled you in ' },
      { text: 'Safety basics', strong: true },
    ]);
  });

  it('has a sentence for every type that names the subject', () => {
    for (const type of NOTIFICATION_TYPES) {
      const text = notificationPlainText(
        notification({ type, message: `Your request to join Safety basics was approved.` }),
      );
      expect(text, type).toContain('Safety basics');
    }
  });

  it('names a system action without an actor as someone', () => {
    expect(notificationPlainText(notification({ type: 'review_received', actor: null }))).toBe(
      'Someone reviewed Safety basics',
    );
  });

  it('asks an approver to approve the request’s subject', () => {
    const n = notification({
      type: 'approval_pending',
      subject: { kind: 'approval_request', id: 9, title: 'Course enrolment: Safety 101' },
      actor: { id: 3, fullname: 'Lee Learner' },
    });
    expect(notificationText(n)).toEqual([
      { text: 'Lee Learner', strong: true },
      { text: ' asks you to approve ' },
      { text: 'Course enrolment: Safety 101', strong: true },
    ]);
    expect(TYPE_INFO.approval_pending.label).toBe('Request to decide');
  });

  it('keeps the server’s outcome of a decided request, emphasising the names in it', () => {
    const n = notification({
      type: 'approval_decided',
      subject: { kind: 'approval_request', id: 9, title: 'Course enrolment: Safety 101' },
      message: 'Your request Course enrolment: Safety 101 was rejected by Ada Admin.',
    });
    expect(notificationText(n)).toEqual([
      { text: 'Your request ' },
      { text: 'Course enrolment: Safety 101', strong: true },
      { text: ' was rejected by ' },
      { text: 'Ada Admin', strong: true },
      { text: '.' },
    ]);
    expect(TYPE_INFO.approval_decided.label).toBe('Request decided');
  });

  it('tells a learner who enrolled them in a learning path, or just that they are', () => {
    const path = { kind: 'learning_path' as const, id: 4, title: 'Onboarding' };
    expect(
      notificationPlainText(notification({ type: 'learning_path_assigned', subject: path })),
    ).toBe('Ada Admin enrolled you in the learning path Onboarding');
    expect(
      notificationPlainText(
        notification({ type: 'learning_path_assigned', subject: path, actor: null }),
      ),
    ).toBe('You are enrolled in the learning path Onboarding');
    expect(
      notificationPlainText(notification({ type: 'learning_path_completed', subject: path })),
    ).toBe('You completed the learning path Onboarding');
  });

  it('shows a learning path’s due date and a manager’s message as the server wrote them', () => {
    const n = notification({
      type: 'learning_path_message',
      subject: { kind: 'learning_path', id: 4, title: 'Onboarding' },
      message: 'Ada Admin wrote about Onboarding: Deadline: finish by Friday',
    });
    expect(notificationText(n)).toEqual([
      { text: 'Ada Admin', strong: true },
      { text: ' wrote about ' },
      { text: 'Onboarding', strong: true },
      { text: ': Deadline: finish by Friday' },
    ]);
    expect(TYPE_INFO.learning_path_due_soon.label).toBe('Learning path due soon');
  });
  it('says who answered in a followed topic and who accepted an answer', () => {
    const topic = { kind: 'discussion' as const, id: 12, title: 'Where is the fire exit?' };
    expect(notificationPlainText(notification({ type: 'discussion_answer', subject: topic }))).toBe(
      'Ada Admin answered in Where is the fire exit?',
    );
    expect(
      notificationPlainText(notification({ type: 'discussion_answer_accepted', subject: topic })),
    ).toBe('Ada Admin accepted your answer in Where is the fire exit?');
    expect(TYPE_INFO.discussion_answer.category).toBe('discussion');
  });
  it('says who posted in a forum thread, with the thread emphasised', () => {
    const thread = { kind: 'discussion' as const, id: 12, title: 'Rota for March' };
    const n = notification({ type: 'forum_post', subject: thread });
    expect(notificationText(n)).toEqual([
      { text: 'Ada Admin', strong: true },
      { text: ' posted in ' },
      { text: 'Rota for March', strong: true },
    ]);
    expect(TYPE_INFO.forum_post).toEqual({ label: 'New post in a forum', category: 'discussion' });
  });
  it('says who mentioned the reader on the wall and who commented on their post', () => {
    const post = { kind: 'wall_post' as const, id: 8, title: 'Great first aid session' };
    expect(notificationPlainText(notification({ type: 'wall_mention', subject: post }))).toBe(
      'Ada Admin mentioned you on the wall: Great first aid session',
    );
    expect(notificationPlainText(notification({ type: 'wall_comment', subject: post }))).toBe(
      'Ada Admin commented on your post: Great first aid session',
    );
  });
  it('tells admins what to review and authors what a moderator decided, in the server’s words', () => {
    const item = { kind: 'moderation_item' as const, id: 4, title: 'Buy cheap watches' };
    const report = notification({
      type: 'moderation_report',
      subject: item,
      message: 'To review: Wall post reported, “Buy cheap watches”.',
    });
    expect(notificationPlainText(report)).toBe(
      'To review: Wall post reported, “Buy cheap watches”.',
    );
    expect(notificationText(report)).toContainEqual({ text: 'Buy cheap watches', strong: true });
    const decision = notification({
      type: 'moderation_decision',
      subject: item,
      message: 'A moderator hid your wall post: “Buy cheap watches”.',
    });
    expect(notificationPlainText(decision)).toBe(
      'A moderator hid your wall post: “Buy cheap watches”.',
    );
    expect(TYPE_INFO.moderation_report.category).toBe('discussion');
    expect(TYPE_INFO.moderation_decision.label).toBe('Moderator decision on your content');
  });
  it('says who commented on the reader’s blog post, naming the post', () => {
    const post = { kind: 'blog_post' as const, id: 3, title: 'Five tips for a better handover' };
    expect(notificationPlainText(notification({ type: 'blog_comment', subject: post }))).toBe(
      'Ada Admin commented on your blog post Five tips for a better handover',
    );
    expect(TYPE_INFO.blog_comment).toEqual({
      label: 'Comment on your blog post',
      category: 'discussion',
    });
  });
});

describe('emphasise', () => {
  it('leaves text without the names as it is', () => {
    expect(emphasise('Nothing here', ['Ada', null])).toEqual([{ text: 'Nothing here' }]);
  });

  it('emphasises a name only once, and not inside an emphasised part', () => {
    expect(emphasise('Ada met Ada', ['Ada', 'Ada'])).toEqual([
      { text: 'Ada', strong: true },
      { text: ' met ' },
      { text: 'Ada', strong: true },
    ]);
  });
});

describe('groupByDay', () => {
  const now = new Date(2025, 2, 10, 15, 0);
  const at = (day: number, hour: number) => new Date(2025, 2, day, hour).toISOString();

  it('splits newest-first notifications into today, yesterday and earlier, in order', () => {
    const items = [
      { id: 1, created_at: at(10, 14) },
      { id: 2, created_at: at(10, 0) },
      { id: 3, created_at: at(9, 23) },
      { id: 4, created_at: at(8, 23) },
      { id: 5, created_at: at(1, 1) },
    ];
    expect(groupByDay(items, now).map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['Today', [1, 2]],
      ['Yesterday', [3]],
      ['Earlier', [4, 5]],
    ]);
  });

  it('leaves out empty groups', () => {
    expect(groupByDay([{ created_at: at(3, 12) }], now).map((g) => g.label)).toEqual(['Earlier']);
    expect(groupByDay([], now)).toEqual([]);
  });
});
