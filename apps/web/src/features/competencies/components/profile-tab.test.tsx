import { competencyOps, type Operation, ROLE, userOps } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { ProfileTab } from './profile-tab.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

// MUI's autocomplete and selects are slow to drive on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

const scale = [
  { level: 1, name: 'Aware' },
  { level: 2, name: 'Practitioner' },
];
const safety = {
  id: 1,
  framework_id: 7,
  parent_id: null,
  code: 'SAFE',
  name: 'Safety',
  description: '',
};
const calls = () => vi.mocked(call).mock.calls as unknown as [Operation, Record<string, unknown>][];
const callsOf = (op: Operation) => calls().filter(([o]) => o === op);

/** Evidence recorded so far for member 42: the profile shows it once refetched. */
let recorded: { id: number; note: string; level: number }[] = [];
beforeEach(() => {
  recorded = [];
  vi.mocked(call).mockReset();
  vi.mocked(call).mockImplementation((async (op: Operation, args: Record<string, unknown>) => {
    if (op === userOps.list)
      return {
        count: 1,
        next: null,
        previous: null,
        results: [{ id: 42, username: 'ada', email: 'ada@example.test', fullname: 'Ada Nurse' }],
      };
    if (op === competencyOps.profile) {
      const member = (args.query as { user_id?: number }).user_id === 42;
      return {
        user_id: member ? 42 : 5,
        abilities: { add_evidence: member },
        results: member
          ? [
              {
                competency: safety,
                framework_name: 'Clinical skills',
                scale,
                proficiency: null,
                expected: 2,
                evidence: recorded.map((e) => ({
                  ...e,
                  competency_id: 1,
                  source: 'manual',
                  source_id: null,
                  outcome: 'evidence',
                  recorded_by: 5,
                  created_at: '2026-01-02T00:00:00Z',
                })),
              },
            ]
          : [],
      };
    }
    if (op === competencyOps.addEvidence) {
      const body = args.body as { note: string; level: number };
      recorded.push({ id: 90, note: body.note, level: body.level });
      return {};
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('ProfileTab', () => {
  it('shows learners only their own profile', async () => {
    renderWithApp(<ProfileTab staff={false} />, { roleId: ROLE.LEARNER });
    expect(await screen.findByText('My competencies')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Member' })).toBeNull();
  });

  it('lets staff open a member’s profile and record evidence there, then shows it', async () => {
    renderWithApp(<ProfileTab staff />, { roleId: ROLE.TRAINER });
    await screen.findByText('My competencies');
    fireEvent.change(screen.getByRole('combobox', { name: 'Member' }), {
      target: { value: 'ada' },
    });
    fireEvent.click(await screen.findByRole('option', { name: 'Ada Nurse (ada@example.test)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Record evidence for SAFE' }));
    expect(callsOf(competencyOps.profile).at(-1)![1]).toMatchObject({ query: { user_id: 42 } });

    const dialog = screen.getByRole('dialog', { name: 'Record evidence' });
    // The member and the competency come from where the dialog was opened.
    expect(within(dialog).getByRole('textbox', { name: 'Member' })).toHaveProperty(
      'value',
      'Ada Nurse (ada@example.test)',
    );
    expect(within(dialog).getByRole('combobox', { name: /Competency/ }).textContent).toBe(
      'SAFE — Safety',
    );
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Level/ }));
    fireEvent.click(screen.getByRole('option', { name: '2 · Practitioner' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note' }), {
      target: { value: 'Signed off by the ward sister.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() => expect(callsOf(competencyOps.addEvidence)).toHaveLength(1));
    expect(callsOf(competencyOps.addEvidence)[0]![1]).toEqual({
      body: {
        user_id: 42,
        competency_id: 1,
        level: 2,
        outcome: 'evidence',
        note: 'Signed off by the ward sister.',
      },
    });
    const evidence = await screen.findByRole('list', { name: 'Evidence for SAFE' });
    expect(within(evidence).getByText(/Signed off by the ward sister\./)).toBeTruthy();
  });
});
