import { assessmentOps, catalogueOps, type Operation } from '@atrium/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import AssessmentsPage from '../pages/assessments.page.tsx';
import { makeDetail, makeSummary, page, renderWithApp } from './test-utils.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

type Args = { query?: Record<string, unknown>; body?: unknown; params?: { id: number } };
const calls: { op: Operation; args: Args }[] = [];
const sent = (op: Operation) => calls.filter((c) => c.op === op).map((c) => c.args);
let createAnswer: () => unknown;

// Dialogs and selects render slowly on a shared CI machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  calls.length = 0;
  createAnswer = () => makeDetail({ id: 9 });
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === assessmentOps.list) {
      const rows = [
        makeSummary(),
        makeSummary({
          id: 2,
          title: 'Forklift exam',
          status: 'published',
          abilities: { edit: false, delete: false, assign: false, report: true, grade: false },
        }),
      ];
      return page(args.query?.status === 'published' ? rows.slice(1) : rows);
    }
    if (op === assessmentOps.create) return createAnswer();
    if (op === assessmentOps.read) return makeDetail({ id: 9 });
    if (op === assessmentOps.bulk)
      return { done: [1], failed: [{ id: 2, detail: 'Add questions first.' }] };
    if (op === assessmentOps.remove) {
      throw new ApiError({
        status: 409,
        message: 'This assessment has attempts: archive it instead.',
      });
    }
    if (op === catalogueOps.list) return page([]);
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('AssessmentsPage', () => {
  it('shows each row with the actions its abilities allow, and filters by status', async () => {
    renderWithApp(<AssessmentsPage />);
    await screen.findByRole('link', { name: 'Edit Fire safety' });
    const table = screen.getByRole('table', { name: 'Assessments' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: 'Edit Fire safety' })).toBeTruthy();
    expect(within(table).queryByRole('link', { name: 'Edit Forklift exam' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Delete Forklift exam' })).toBeNull();
    expect(
      within(table).getByRole('link', { name: 'Attendees and report of Forklift exam' }),
    ).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Published' }));
    await waitFor(() =>
      expect(sent(assessmentOps.list).at(-1)?.query).toEqual({
        page: 1,
        page_size: 20,
        status: 'published',
      }),
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });

  it('creates a draft after checking the title, then opens the editor', async () => {
    const { router } = renderWithApp(<AssessmentsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'New assessment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New assessment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field may not be blank.')).toBeTruthy();
    expect(sent(assessmentOps.create)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
      target: { value: '  Induction quiz ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/assessment/edit-assessment/9'),
    );
    expect(sent(assessmentOps.create)[0]?.body).toEqual({ title: 'Induction quiz', course: null });
  });

  it('shows the server’s field error when creating is refused', async () => {
    createAnswer = () => {
      throw new ApiError({
        status: 400,
        message: 'Invalid input.',
        fieldErrors: { title: ['Too similar.'] },
      });
    };
    renderWithApp(<AssessmentsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'New assessment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New assessment' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Quiz' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Too similar.')).toBeTruthy();
  });

  it('publishes the selection and lists the ones that failed with the reason', async () => {
    renderWithApp(<AssessmentsPage />);
    await screen.findByRole('link', { name: 'Edit Fire safety' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all assessments on this page' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Publish' }));
    const status = await screen.findByRole('status');
    expect(sent(assessmentOps.bulk)[0]?.body).toEqual({ ids: [1, 2], action: 'publish' });
    expect(status.textContent).toContain('1 assessment published.');
    expect(status.textContent).toContain('Forklift exam: Add questions first.');
  });

  it('asks before deleting and shows a refusal in the dialog', async () => {
    renderWithApp(<AssessmentsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Fire safety' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete assessment?' });
    expect(sent(assessmentOps.remove)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('This assessment has attempts: archive it instead.'),
    ).toBeTruthy();
  });

  it('sends a learner to their own assessments', async () => {
    const { router } = renderWithApp(<AssessmentsPage />, {
      roleId: 4,
      path: '/assessment',
      url: '/assessment',
    });
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/assessment/start');
    expect(sent(assessmentOps.list)).toHaveLength(0);
  });
});
