import { journalOps, type Operation } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { LINKS, makeGoal, page } from '../test-journals.ts';
import { PlanCard } from './plan-card.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

type Args = { params?: { id: number }; query?: Record<string, unknown>; body?: unknown };
let goals = [makeGoal(), makeGoal({ id: 2, title: 'Read the handbook', target_date: null })];
let create: (body: unknown) => Promise<unknown>;
const calls: { op: Operation; args: Args }[] = [];

beforeEach(() => {
  calls.length = 0;
  goals = [makeGoal(), makeGoal({ id: 2, title: 'Read the handbook', target_date: null })];
  create = async (body) => makeGoal({ id: 3, ...(body as object) });
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === journalOps.goals)
      return page(
        args.query?.status ? goals.filter((g) => g.status === args.query?.status) : goals,
      );
    if (op === journalOps.journalLinks) return LINKS;
    if (op === journalOps.createGoal) return create(args.body);
    if (op === journalOps.updateGoal)
      return makeGoal({ id: args.params!.id, ...(args.body as object) });
    if (op === journalOps.removeGoal) return null;
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('PlanCard', () => {
  it('lists my goals with their target date, and says so when there are none', async () => {
    renderWithApp(<PlanCard />);
    const list = await screen.findByRole('list', { name: 'Goals' });
    expect(within(list).getByText('Finish first aid')).toBeTruthy();
    expect(within(list).getByText('No target date')).toBeTruthy();

    goals = [];
    renderWithApp(<PlanCard />);
    expect(await screen.findByText(/No goals yet/)).toBeTruthy();
  });

  it('adds a goal, showing the server’s field errors under the fields', async () => {
    create = async () => {
      throw new ApiError({
        status: 400,
        message: 'Invalid',
        fieldErrors: { target_date: ['Enter a valid date.'] },
      });
    };
    renderWithApp(<PlanCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a goal' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add goal' }));
    expect(await within(dialog).findByText('This field may not be blank.')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Goal' }), {
      target: { value: 'Pass the exam' },
    });
    fireEvent.change(within(dialog).getByLabelText('Target date'), {
      target: { value: '2030-06-30' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add goal' }));
    expect(await within(dialog).findByText('Enter a valid date.')).toBeTruthy();

    create = async (body) => makeGoal({ id: 3, ...(body as object) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add goal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posted = calls.filter((c) => c.op === journalOps.createGoal).at(-1)!.args.body;
    expect(posted).toEqual({
      title: 'Pass the exam',
      description: '',
      target_date: '2030-06-30',
      status: 'planned',
      course_id: null,
    });
  });

  it('changes a goal’s status in place and deletes one after confirming', async () => {
    renderWithApp(<PlanCard />);
    const status = await screen.findByRole('combobox', { name: 'Status of Finish first aid' });
    fireEvent.mouseDown(status);
    fireEvent.click(await screen.findByRole('option', { name: 'Done' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === journalOps.updateGoal)?.args).toEqual({
        params: { id: 1 },
        body: { status: 'done' },
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete Read the handbook' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this goal?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === journalOps.removeGoal)?.args.params).toEqual({ id: 2 }),
    );
  });
});
