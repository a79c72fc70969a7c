import { discussionOps, type Operation, ROLE } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { call } from '../../../../shared/api/call.ts';
import { TYPES } from '../../test-discussions.ts';
import { renderWithApp } from '../../test-render.tsx';
import { DiscussionTypesDialog } from './discussion-types-dialog.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));

type Args = { params?: { id: number }; body?: unknown };
const calls: { op: Operation; args: Args }[] = [];
const conflict = (message: string, fieldErrors?: Record<string, string[]>) =>
  new ApiError({ status: 409, message, hasServerMessage: true, fieldErrors });

beforeEach(() => {
  calls.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === discussionOps.types) return TYPES;
    if (op === discussionOps.deleteType) {
      if (args.params?.id === 1) throw conflict('Topics use this type: rename it instead.');
      return undefined;
    }
    if (op === discussionOps.createType) {
      throw conflict('A type with this name exists.', { name: ['A type with this name exists.'] });
    }
    if (op === discussionOps.updateType) return { ...TYPES[1], ...(args.body as object) };
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = () =>
  renderWithApp(<DiscussionTypesDialog onClose={vi.fn()} />, { roleId: ROLE.ADMIN });
const called = (op: Operation) => calls.filter((c) => c.op === op);

describe('DiscussionTypesDialog', () => {
  it('lists the types with their kind and use, and says why one in use cannot go', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'Discussion types' });
    expect(within(list).getByText('Question · 3 topics')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Question' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this type?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Topics use this type: rename it instead.')).toBeTruthy();
    expect(called(discussionOps.deleteType)[0]?.args.params).toEqual({ id: 1 });
  });

  it('shows a taken name on the name field, and renames with a new kind', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add type' }));
    const form = await screen.findByRole('form', { name: 'Add a type' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Idea' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('A type with this name exists.')).toBeTruthy();
    expect(called(discussionOps.createType)[0]?.args.body).toEqual({
      name: 'Idea',
      kind: 'general',
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Edit Idea' }));
    const edit = await screen.findByRole('form', { name: 'Edit Idea' });
    fireEvent.change(within(edit).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Suggestion' },
    });
    fireEvent.mouseDown(within(edit).getByRole('combobox', { name: 'Kind' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Question' }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(called(discussionOps.updateType)[0]?.args).toMatchObject({
        params: { id: 2 },
        body: { name: 'Suggestion', kind: 'question' },
      }),
    );
    expect(await screen.findByRole('list', { name: 'Discussion types' })).toBeTruthy();
  });
});
