import {
  discussionOps,
  learningOps,
  type Operation,
  type TDiscussion,
  type TDiscussionSummary,
} from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../../shared/api/call.ts';
import { renderWithApp } from '../../../../shared/testing/render-with-app.tsx';
import { PlayerTabs } from './player-tabs.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
// jsdom cannot type into ProseMirror: a textarea stands in for the editor.
vi.mock('../../../../shared/ui/rich-text/rich-text-field.tsx', () => ({
  RichTextField: ({
    label,
    value,
    onChange,
  }: {
    label: string;
    value: string;
    onChange: (v: string) => void;
  }) => <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />,
}));

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const person = { id: 9, fullname: 'Lee Learner', image: null };
const summary: TDiscussionSummary = {
  id: 12,
  type: { id: 5, name: 'Question', kind: 'question' },
  scope: 'course',
  scope_ref: { id: 8, name: 'Safe lifting' },
  forum: null,
  title: 'Is there a longer clip?',
  excerpt: 'The one in module 2 stops early.',
  user: person,
  created_at: '2026-03-02T08:00:00Z',
  last_activity_at: '2026-03-02T08:00:00Z',
  pinned: false,
  locked: false,
  closed: false,
  accepted_answer: null,
  answer_count: 0,
  view_count: 1,
  following: true,
  attachment_count: 0,
  moderation_state: 'visible',
  likes: 0,
  dislikes: 0,
  my_reaction: 0,
};

type Args = { query?: Record<string, unknown>; body?: unknown };
const calls: { op: Operation; args: Args }[] = [];
let topics: TDiscussionSummary[];

beforeEach(() => {
  calls.length = 0;
  topics = [];
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === learningOps.assignments) return page([]);
    if (op === discussionOps.list) return page(topics);
    if (op === discussionOps.types) {
      return [
        { id: 4, name: 'General', kind: 'general', topic_count: 0 },
        { id: 5, name: 'Question', kind: 'question', topic_count: 0 },
      ];
    }
    if (op === discussionOps.create) {
      topics = [summary];
      return {
        ...summary,
        body: '<p>x</p>',
        edited_at: null,
        attachments: [],
        accepted: null,
      } as unknown as TDiscussion;
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const called = (op: Operation) => calls.filter((c) => c.op === op);

describe('PlayerTabs', () => {
  it('shows the course’s discussions and asks a question in this course', async () => {
    renderWithApp(<PlayerTabs courseId={8} courseTitle="Safe lifting" canSubmit />, {
      permittedPaths: ['/courses', '/discussions'],
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Discussion' }));
    expect(await screen.findByText('No questions yet. Ask the first one.')).toBeTruthy();
    expect(called(discussionOps.list)[0]?.args.query).toMatchObject({
      scope: 'course',
      scope_id: 8,
    });
    expect(screen.getByRole('link', { name: 'Open in Discussions' }).getAttribute('href')).toBe(
      '/discussions?scope=course:8',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Ask a question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask a question' });
    // The place is the course, not a choice; the type is the organisation's question type.
    expect(within(dialog).getByRole('textbox', { name: 'Posted in' })).toHaveProperty(
      'value',
      'Safe lifting',
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^Type/ }).textContent).toBe('Question'),
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Is there a longer clip?' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text' }), {
      target: { value: '<p>The one in module 2 stops early.</p>' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post question' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(called(discussionOps.create)[0]?.args.body).toEqual({
      type: 5,
      title: 'Is there a longer clip?',
      body: '<p>The one in module 2 stops early.</p>',
      scope: 'course',
      scope_id: 8,
    });
    const list = await screen.findByRole('list', { name: 'Questions and discussions' });
    expect(
      within(list).getByRole('link', { name: 'Is there a longer clip?' }).getAttribute('href'),
    ).toBe('/discussions/12');
  });
});
