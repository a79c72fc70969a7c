import { competencyOps, type Operation, organisationOps, ROLE, userOps } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { FrameworksPanel } from './frameworks-panel.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

/* The forms of the Frameworks tab: editing a framework and its scale, a threshold's level in
 * place, evidence by hand; each with the server's refusals on the fields they concern. */

const scale = [
  { level: 1, name: 'Aware' },
  { level: 2, name: 'Practitioner' },
  { level: 3, name: 'Advanced' },
  { level: 4, name: 'Expert' },
];
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const framework = (edit: boolean) => ({
  id: 7,
  name: 'Clinical skills',
  description: 'Ward skills',
  source: 'manual' as const,
  scale,
  competency_count: 2,
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { edit, delete: edit },
});
const competencies = [
  { id: 1, framework_id: 7, parent_id: null, code: 'SAFE', name: 'Safety', description: '' },
  { id: 2, framework_id: 7, parent_id: 1, code: 'SAFE.1', name: 'Hand hygiene', description: '' },
];
const person = {
  id: 42,
  username: 'ada',
  email: 'ada@example.test',
  fullname: 'Ada Nurse',
  first_name: 'Ada',
  last_name: 'Nurse',
};

let edit = true;
/** What a write answers: an error to throw, else a plain result. */
let refusal: ApiError | null = null;
const calls = () => vi.mocked(call).mock.calls as unknown as [Operation, Record<string, unknown>][];
const callsOf = (op: Operation) => calls().filter(([o]) => o === op);

beforeEach(() => {
  edit = true;
  refusal = null;
  vi.mocked(call).mockReset();
  vi.mocked(call).mockImplementation((async (op: Operation) => {
    if (op === competencyOps.frameworks)
      return { ...page([framework(edit)]), abilities: { create: edit } };
    if (op === competencyOps.framework) return { ...framework(edit), competencies };
    if (op === competencyOps.thresholds)
      return {
        results: [{ id: 3, competency_id: 1, department_id: null, designation_id: null, level: 2 }],
      };
    if (op === organisationOps.departmentsOf) return [];
    if (op === userOps.list) return page([person]);
    if (
      op === competencyOps.updateFramework ||
      op === competencyOps.updateThreshold ||
      op === competencyOps.addEvidence ||
      op === competencyOps.removeFramework
    ) {
      if (refusal) throw refusal;
      return op === competencyOps.updateFramework ? framework(edit) : {};
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

// Dialogs with MUI selects are slow to drive on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

const open = (roleId: number = ROLE.ADMIN) =>
  renderWithApp(<FrameworksPanel />, { roleId, permittedPaths: ['/competency'] });
const refused = (status: number, message: string, fieldErrors?: Record<string, string[]>) =>
  new ApiError({ status, message, hasServerMessage: true, fieldErrors });
/** Picks an option of an MUI select found by its accessible name. */
function choose(within_: HTMLElement, name: string | RegExp, option: string | RegExp) {
  fireEvent.mouseDown(within(within_).getByRole('combobox', { name }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

describe('Edit framework', () => {
  it('is offered only when the framework’s abilities allow it', async () => {
    edit = false;
    open(ROLE.LEARNER);
    await screen.findByRole('list', { name: 'Competencies' });
    expect(screen.queryByRole('button', { name: 'Edit framework' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record evidence' })).toBeNull();
  });

  it('prefills the dialog and sends only what changed, the scale renumbered', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit framework' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit framework' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveProperty(
      'value',
      'Clinical skills',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Level 4' })).toHaveProperty(
      'value',
      'Expert',
    );
    // Remove level 2: "Advanced" and "Expert" move down; then add a fourth and rename it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove level 2' }));
    expect(within(dialog).getByRole('textbox', { name: 'Level 2' })).toHaveProperty(
      'value',
      'Advanced',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add level' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Level 4' }), {
      target: { value: ' Master ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsOf(competencyOps.updateFramework)).toHaveLength(1));
    expect(callsOf(competencyOps.updateFramework)[0]![1]).toEqual({
      params: { id: 7 },
      body: {
        scale: [
          { level: 1, name: 'Aware' },
          { level: 2, name: 'Advanced' },
          { level: 3, name: 'Expert' },
          { level: 4, name: 'Master' },
        ],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the form with the contract before sending', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit framework' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit framework' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: '  ' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Level 3' }), {
      target: { value: '' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Enter a name.')).toHaveLength(2);
    expect(callsOf(competencyOps.updateFramework)).toHaveLength(0);
    // A scale keeps one level at least; ten at most.
    for (const n of [4, 3, 2])
      fireEvent.click(within(dialog).getByRole('button', { name: `Remove level ${n}` }));
    expect(within(dialog).getByRole('button', { name: 'Remove level 1' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows the server’s refusal of a level in use on the scale', async () => {
    const message =
      'Level 4 is in use by thresholds, links or evidence; the scale needs at least 4 levels.';
    refusal = refused(400, message, { scale: [message] });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit framework' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit framework' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove level 4' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    // Once, on the field: not repeated above the form.
    expect(within(dialog).getAllByText(message)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Edit framework' })).toBeTruthy();
  });

  it('deletes a framework after confirmation, and says why the server would not', async () => {
    refusal = refused(409, 'This framework is in use (1 links, 0 evidence records).');
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete framework?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsOf(competencyOps.removeFramework)).toHaveLength(1));
    expect(callsOf(competencyOps.removeFramework)[0]![1]).toEqual({ params: { id: 7 } });
  });
});

describe('Threshold level', () => {
  it('changes in place and shows the server’s refusal under the field', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Thresholds' });
    choose(table, 'Level expected of Everyone in SAFE — Safety', '3 · Advanced');
    await waitFor(() => expect(callsOf(competencyOps.updateThreshold)).toHaveLength(1));
    expect(callsOf(competencyOps.updateThreshold)[0]![1]).toEqual({
      params: { id: 3 },
      body: { level: 3 },
    });

    refusal = refused(400, 'The framework’s scale has 4 levels.', {
      level: ['The framework’s scale has 4 levels.'],
    });
    await waitFor(() =>
      expect(within(table).getByRole('combobox', { name: /Level expected/ })).toHaveProperty(
        'ariaDisabled',
        null,
      ),
    );
    choose(table, /Level expected/, '4 · Expert');
    expect(await within(table).findByText('The framework’s scale has 4 levels.')).toBeTruthy();
  });

  it('is plain text for members who cannot edit', async () => {
    edit = false;
    open(ROLE.LEARNER);
    const table = await screen.findByRole('table', { name: 'Thresholds' });
    expect(within(table).getByText('2 · Practitioner')).toBeTruthy();
    expect(within(table).queryByRole('combobox')).toBeNull();
  });
});

describe('Record evidence', () => {
  async function fill(competency = 'SAFE') {
    fireEvent.click(
      await screen.findByRole('button', { name: `Record evidence for ${competency}` }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Record evidence' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Member' }), {
      target: { value: 'ada' },
    });
    // The people search is the users list (which trainers may read), asked once typing pauses.
    await waitFor(() =>
      expect(
        callsOf(userOps.list).some(([, a]) => (a.query as { search?: string }).search === 'ada'),
      ).toBe(true),
    );
    expect(callsOf(userOps.list).at(-1)![1]).toMatchObject({ query: { status: 'active' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Ada Nurse (ada@example.test)' }));
    choose(dialog, 'Level', '3 · Advanced');
    choose(dialog, 'Outcome', 'Sets proficiency');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note' }), {
      target: { value: 'Observed on the ward.' },
    });
    return dialog;
  }

  it('lets a trainer record evidence for a member, then refreshes what shows it', async () => {
    edit = false;
    open(ROLE.TRAINER);
    expect(await screen.findByRole('button', { name: 'Record evidence' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit framework' })).toBeNull();
    const before = callsOf(competencyOps.framework).length;
    const dialog = await fill('SAFE.1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(callsOf(competencyOps.addEvidence)).toHaveLength(1));
    expect(callsOf(competencyOps.addEvidence)[0]![1]).toEqual({
      body: {
        user_id: 42,
        competency_id: 2,
        level: 3,
        outcome: 'complete',
        note: 'Observed on the ward.',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Every competency query is invalidated (the member's profile among them).
    await waitFor(() => expect(callsOf(competencyOps.framework).length).toBeGreaterThan(before));
  });

  it('asks for what is missing and shows the server’s refusal on the member', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Record evidence' }));
    const empty = screen.getByRole('dialog', { name: 'Record evidence' });
    fireEvent.click(within(empty).getByRole('button', { name: 'Record' }));
    expect(await within(empty).findByText('Choose a member.')).toBeTruthy();
    expect(within(empty).getByText('Choose a competency.')).toBeTruthy();
    expect(within(empty).getByText('Choose a level.')).toBeTruthy();
    expect(within(empty).getByText('Enter a note.')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    refusal = refused(400, 'You cannot record evidence for this person.', {
      user_id: ['You cannot record evidence for this person.'],
    });
    const dialog = await fill();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(
      await within(dialog).findByText('You cannot record evidence for this person.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
