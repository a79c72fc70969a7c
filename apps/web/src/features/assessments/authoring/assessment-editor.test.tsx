import {
  assessmentOps,
  DEFAULT_PROCTORING_SETTINGS,
  type Operation,
  proctoringOps,
  questionBankOps,
  userOps,
  ZBankQuestion,
  ZQuestionCategory,
  ZUserRow,
} from '@atrium/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import AssessmentEditorPage from '../pages/assessment-editor.page.tsx';
import { makeDetail, page, renderWithApp } from './test-utils.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
// Dialogs and selects render slowly on a shared machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

type Args = { query?: Record<string, unknown>; body?: unknown; params?: { id: number } };
const calls: { op: Operation; args: Args }[] = [];
const bodies = (op: Operation) => calls.filter((c) => c.op === op).map((c) => c.args.body);

const bankQuestion = (id: number, title: string) =>
  ZBankQuestion.parse({
    id,
    type: 'single_choice',
    title,
    category: 4,
    category_name: 'Safety',
    tags: ['fire'],
    status: 'active',
    version: 1,
    used: false,
    created_by: null,
    updated_by: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    abilities: { edit: true, delete: true },
  });
const category = ZQuestionCategory.parse({
  id: 4,
  name: 'Safety',
  parent: null,
  question_count: 8,
  created_at: '2026-01-01T00:00:00.000Z',
  abilities: { edit: true, delete: true },
});
const learner = ZUserRow.parse({
  id: 31,
  username: 'ann',
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Able',
  fullname: 'Ann Able',
  role: { id: 4, name: 'Learner' },
  is_active: true,
  approval_status: 1,
  status: 'active',
  department: null,
  designation: null,
  location: null,
  date_joined: '2026-01-01T00:00:00.000Z',
  last_login: null,
  abilities: {
    approve: false,
    reject: false,
    activate: false,
    deactivate: false,
    change_role: false,
    edit_permissions: false,
    delete: false,
  },
});

// Proctored, the editor links to the live grid and its settings show the proctoring section.
let proctored = false;
const withProctoring = () => makeDetail({ settings: { ...makeDetail().settings, proctored } });
const proctoringSettings = (over: object = {}) => ({
  assessment: 1,
  proctored: true,
  ...DEFAULT_PROCTORING_SETTINGS,
  ...over,
});

beforeEach(() => {
  calls.length = 0;
  proctored = false;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === assessmentOps.read) return withProctoring();
    if (op === assessmentOps.addSlot) return makeDetail();
    if (op === assessmentOps.layout) {
      // The server answers with the order it saved.
      const detail = makeDetail();
      const slots = detail.pages.flatMap((p) => p.slots);
      const sent = args.body as { pages: { id: number; slots: number[] }[] };
      return {
        ...detail,
        pages: sent.pages.map((l) => ({
          ...detail.pages.find((p) => p.id === l.id),
          slots: l.slots.map((id) => slots.find((s) => s.id === id)),
        })),
      };
    }
    if (op === assessmentOps.saveSettings) return withProctoring().settings;
    if (op === proctoringOps.settings) return proctoringSettings();
    if (op === proctoringOps.saveSettings) return proctoringSettings(args.body as object);
    if (op === questionBankOps.list) {
      return page([bankQuestion(101, 'Exit signs'), bankQuestion(102, 'Extinguisher types')], 8);
    }
    if (op === questionBankOps.categories) return page([category]);
    if (op === assessmentOps.assignments) return page([]);
    if (op === assessmentOps.assign) return { added: 1 };
    if (op === userOps.list) return page([learner]);
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (tab = '') =>
  renderWithApp(<AssessmentEditorPage />, {
    path: '/assessment/edit-assessment/:id',
    url: `/assessment/edit-assessment/1${tab ? `?tab=${tab}` : ''}`,
  });

describe('AssessmentEditorPage', () => {
  it('saves the whole order when a question moves, within a page and to another', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Move Exits down' }));
    await waitFor(() =>
      expect(bodies(assessmentOps.layout)[0]).toEqual({
        pages: [
          { id: 11, slots: [2, 1] },
          { id: 12, slots: [3] },
        ],
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Exits up' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Move Page 2: Scenarios up' }));
    await waitFor(() =>
      expect(bodies(assessmentOps.layout)[1]).toEqual({
        pages: [
          { id: 12, slots: [3] },
          { id: 11, slots: [2, 1] },
        ],
      }),
    );
  });

  it('places questions chosen from the bank on the page', async () => {
    open();
    const first = await screen.findByRole('region', { name: 'Page 1: Basics' });
    fireEvent.click(within(first).getByRole('button', { name: 'Add from the bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add questions from the bank' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Choose Exit signs' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Choose Extinguisher types' }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Points each' }), {
      target: { value: '2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 questions' }));
    await waitFor(() =>
      expect(bodies(assessmentOps.addSlot)[0]).toEqual({
        kind: 'fixed',
        page: 11,
        questions: [101, 102],
        points: 2,
      }),
    );
  });

  it('adds a random draw from a category, after asking for a source', async () => {
    open();
    const second = await screen.findByRole('region', { name: 'Page 2: Scenarios' });
    // The existing draw says how many questions it can draw from.
    expect(within(second).getByText('3 available')).toBeTruthy();
    fireEvent.click(within(second).getByRole('button', { name: 'Add a random draw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a random draw' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add draw' }));
    expect(
      await within(dialog).findByText('Choose a category or at least one tag to draw from.'),
    ).toBeTruthy();

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Safety (8)' }));
    expect(await within(dialog).findByText(/8 active questions match now/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Questions to draw' }), {
      target: { value: '4' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add draw' }));
    await waitFor(() =>
      expect(bodies(assessmentOps.addSlot)[0]).toEqual({
        kind: 'random',
        page: 12,
        category: 4,
        tags: [],
        draw_count: 4,
        points: null,
      }),
    );
  });

  it('checks the settings before saving them', async () => {
    open('settings');
    const limit = await screen.findByRole('spinbutton', { name: 'Time limit (minutes)' });
    fireEvent.change(limit, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('At least one minute.')).toBeTruthy();
    expect(bodies(assessmentOps.saveSettings)).toHaveLength(0);

    fireEvent.change(limit, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Feedback: Right after submitting' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(bodies(assessmentOps.saveSettings)).toHaveLength(1));
    expect(bodies(assessmentOps.saveSettings)[0]).toMatchObject({
      assessment: 1,
      time_limit_seconds: 1200,
      attempts_allowed: 1,
      review: expect.objectContaining({ feedback: ['after_close', 'after_submit'] }),
    });
  });

  it('links a proctored assessment to its live grid and saves its proctoring with the settings', async () => {
    proctored = true;
    open('settings');
    const proctor = await screen.findByRole('link', { name: 'Proctor' });
    expect(proctor.getAttribute('href')).toBe('/assessment/1/proctor/');
    fireEvent.click(await screen.findByRole('radio', { name: /^Live/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(bodies(proctoringOps.saveSettings)).toHaveLength(1));
    expect(bodies(assessmentOps.saveSettings)).toHaveLength(1);
    expect(bodies(proctoringOps.saveSettings)[0]).toMatchObject({ assessment: 1, mode: 'live' });
  });

  it('assigns a learner found by search', async () => {
    open('learners');
    expect(await screen.findByText('Nobody is assigned yet.')).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Learners' });
    fireEvent.change(picker, { target: { value: 'ann' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Ann Able (ann@example.com)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(bodies(assessmentOps.assign)[0]).toEqual({
        assessment: 1,
        users: [31],
        departments: [],
      }),
    );
    expect(await screen.findByText('1 assignment added; they are notified.')).toBeTruthy();
  });
});
