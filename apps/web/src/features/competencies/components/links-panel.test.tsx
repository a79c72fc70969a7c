import {
  classroomOps,
  competencyOps,
  type Operation,
  ROLE,
  type TCompetencyLink,
} from '@atrium/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { LinksPanel } from './links-panel.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

const scale = [
  { level: 1, name: 'Aware' },
  { level: 2, name: 'Practitioner' },
  { level: 3, name: 'Advanced' },
];
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const framework = (edit: boolean) => ({
  id: 7,
  name: 'Clinical skills',
  description: '',
  source: 'manual' as const,
  scale,
  competency_count: 1,
  updated_at: '2026-01-01T00:00:00Z',
  abilities: { edit, delete: edit },
});
const competencies = [
  { id: 1, framework_id: 7, parent_id: null, code: 'SAFE', name: 'Safety', description: '' },
];
const links: TCompetencyLink[] = [
  {
    id: 4,
    competency_id: 1,
    target_type: 'classroom_topic',
    target_id: 31,
    target_name: 'Extinguishers',
    outcome: 'evidence',
    level: 1,
  },
  {
    id: 5,
    competency_id: 1,
    target_type: 'assessment',
    target_id: 12,
    target_name: null,
    outcome: 'complete',
    level: 2,
  },
];

let edit = false;
const calls: { op: Operation; args: unknown }[] = [];
beforeEach(() => {
  vi.clearAllMocks();
  edit = false;
  calls.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: unknown) => {
    calls.push({ op, args });
    if (op === competencyOps.frameworks)
      return { ...page([framework(edit)]), abilities: { create: edit } };
    if (op === competencyOps.framework) return { ...framework(edit), competencies };
    if (op === competencyOps.links) return page(links);
    if (op === classroomOps.topics)
      return [
        {
          id: 31,
          class: 2,
          title: 'Extinguishers',
          description: '',
          position: 0,
          session_count: 1,
          class_name: 'Cohort North',
        },
      ];
    if (op === competencyOps.createLink) return { ...links[0], id: 9 };
    if (op === competencyOps.updateLink) return { ...links[0], outcome: 'complete', level: 3 };
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (roleId: number = ROLE.LEARNER) =>
  renderWithApp(<LinksPanel />, { roleId, permittedPaths: ['/competency'] });
const argsOf = (op: Operation) => calls.find((c) => c.op === op)?.args;

describe('LinksPanel', () => {
  it('names each target as the server does, a deleted one by its id; members only read', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Links' });
    expect(within(table).getByText('Classroom topic: Extinguishers')).toBeTruthy();
    expect(within(table).getByText('Assessment #12 (no longer exists)')).toBeTruthy();
    expect(within(table).getByText(/Sets proficiency · 2 · Practitioner/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit link/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add link' })).toBeNull();
  });

  it('adds a link to a classroom topic found by its title', async () => {
    edit = true;
    open(ROLE.ADMIN);
    const form = await screen.findByRole('form', { name: 'Add link' });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Competency' }));
    fireEvent.click(await screen.findByRole('option', { name: 'SAFE — Safety' }));
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Linked to' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Classroom topic' }));
    const topic = within(form).getByRole('combobox', { name: 'Classroom topic' });
    // Typed into while focused, as a person does (unfocused, the field resets its text).
    fireEvent.focus(topic);
    fireEvent.change(topic, { target: { value: 'Ext' } });
    // Searched by title across classes, through the classrooms slice's own list.
    await vi.waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.op === classroomOps.topics &&
            (c.args as { query: { search: string } }).query.search === 'Ext',
        ),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Extinguishers (Cohort North)' }));
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Level' }));
    fireEvent.click(await screen.findByRole('option', { name: '2 · Practitioner' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add link' }));
    await vi.waitFor(() =>
      expect(argsOf(competencyOps.createLink)).toEqual({
        body: {
          competency_id: 1,
          target_type: 'classroom_topic',
          target_id: 31,
          outcome: 'evidence',
          level: 2,
        },
      }),
    );
    await vi.waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Link added.'));
    expect(notifyError).not.toHaveBeenCalled();
  }, 20_000);

  it('changes a link’s outcome and level through PATCH', async () => {
    edit = true;
    open(ROLE.ADMIN);
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Edit link of SAFE — Safety to Classroom topic: Extinguishers',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit link' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Outcome' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sets proficiency' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Level' }));
    fireEvent.click(await screen.findByRole('option', { name: '3 · Advanced' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(argsOf(competencyOps.updateLink)).toEqual({
        params: { id: 4 },
        body: { outcome: 'complete', level: 3 },
      }),
    );
  }, 20_000);
});
