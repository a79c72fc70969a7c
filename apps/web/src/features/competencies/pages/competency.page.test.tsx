import {
  catalogueOps,
  competencyOps,
  type Operation,
  organisationOps,
  ROLE,
} from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import CompetencyPage from './competency.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

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

let frameworks: ReturnType<typeof framework>[] = [];
let importError: ApiError | null = null;
beforeEach(() => {
  frameworks = [framework(false)];
  importError = null;
  vi.mocked(call).mockImplementation((async (op: Operation) => {
    if (op === competencyOps.frameworks)
      return { ...page(frameworks), abilities: { create: frameworks[0]?.abilities.edit ?? false } };
    if (op === competencyOps.framework) return { ...frameworks[0], competencies };
    if (op === competencyOps.thresholds)
      return {
        results: [{ id: 3, competency_id: 1, department_id: null, designation_id: null, level: 2 }],
      };
    if (op === competencyOps.links)
      return page([
        {
          id: 4,
          competency_id: 2,
          target_type: 'course',
          target_id: 11,
          target_name: 'Infection control',
          outcome: 'complete',
          level: 3,
        },
      ]);
    if (op === catalogueOps.list) return page([{ id: 11, title: 'Infection control' }]);
    if (op === organisationOps.departmentsOf) return [{ id: 5, name: 'Ward A' }];
    if (op === competencyOps.profile)
      return {
        user_id: 5,
        abilities: { add_evidence: false },
        results: [
          {
            competency: competencies[0],
            framework_name: 'Clinical skills',
            scale,
            proficiency: 1,
            expected: 2,
            evidence: [
              {
                id: 9,
                competency_id: 1,
                source: 'course',
                source_id: 11,
                outcome: 'complete',
                level: 1,
                note: '',
                recorded_by: null,
                created_at: '2026-01-02T00:00:00Z',
              },
            ],
          },
        ],
      };
    if (op === competencyOps.gaps)
      return {
        departments: [
          { id: 5, name: 'Ward A' },
          { id: 6, name: 'Empty dept' },
        ],
        competencies: [{ id: 1, code: 'SAFE', name: 'Safety' }],
        cells: [{ department_id: 5, competency_id: 1, people: 4, below: 3 }],
      };
    if (op === competencyOps.importCsv) {
      if (importError) throw importError;
      return { framework_id: 7, created: 2 };
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (url: string, roleId: number = ROLE.LEARNER) =>
  renderWithApp(<CompetencyPage />, { url, roleId, permittedPaths: ['/competency'] });
const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('CompetencyPage', () => {
  it('shows learners frameworks, links and their profile; admins also the gaps', () => {
    open('/competency');
    expect(tabNames()).toEqual(['Frameworks', 'Links', 'My profile']);
  });

  it('keeps the tab in the URL and refuses gaps to non-admins', () => {
    open('/competency?tab=gaps');
    expect(screen.getByRole('tab', { name: 'Frameworks' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('shows the tree read-only for members without the edit ability', async () => {
    open('/competency');
    const tree = await screen.findByRole('list', { name: 'Competencies' });
    expect(within(tree).getByText('SAFE — Safety')).toBeTruthy();
    expect(within(tree).getByText('SAFE.1 — Hand hygiene')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit SAFE' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New framework' })).toBeNull();
    expect(await screen.findByRole('table', { name: 'Thresholds' })).toBeTruthy();
  });

  it('says so when there are no frameworks', async () => {
    frameworks = [];
    open('/competency');
    expect(await screen.findByText(/No competency frameworks yet/)).toBeTruthy();
  });

  it('lets admins edit the tree and shows an import’s per-row errors', async () => {
    frameworks = [framework(true)];
    importError = new ApiError({
      status: 400,
      message: '1 of 2 rows have errors. Nothing was imported.',
      hasServerMessage: true,
      fieldErrors: { 'row 3': ["parent_code: 'X' is neither in the file nor in the framework."] },
    });
    open('/competency', ROLE.ADMIN);
    expect(tabNames()).toEqual(['Frameworks', 'Links', 'My profile', 'Gaps']);
    expect(await screen.findByRole('button', { name: 'Edit SAFE' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'CSV text' }), {
      target: { value: 'code,name,parent_code\nA,Alpha,\nB,Beta,X' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const errors = await screen.findByRole('list', { name: 'Import errors' });
    expect(within(errors).getByText(/row 3: parent_code/)).toBeTruthy();
    expect(screen.getByText('1 of 2 rows have errors. Nothing was imported.')).toBeTruthy();
  });

  it('lists links with the course’s name', async () => {
    open('/competency?tab=links');
    const table = await screen.findByRole('table', { name: 'Links' });
    await waitFor(() => expect(within(table).getByText('Course: Infection control')).toBeTruthy());
    expect(within(table).getByText(/Sets proficiency · 3 · Advanced/)).toBeTruthy();
  });

  it('shows the learner’s proficiency against the expectation and the evidence', async () => {
    open('/competency?tab=profile');
    expect(await screen.findByText('Proficiency: 1 · Aware')).toBeTruthy();
    expect(screen.getByText('Expected: 2 · Practitioner')).toBeTruthy();
    const evidence = screen.getByRole('list', { name: 'Evidence for SAFE' });
    expect(within(evidence).getByText(/Course · Sets proficiency · 1 · Aware/)).toBeTruthy();
  });

  it('draws the gaps as an accessible table with a legend', async () => {
    frameworks = [framework(true)];
    open('/competency?tab=gaps', ROLE.ADMIN);
    const table = await screen.findByRole('table', { name: 'Gaps per department and competency' });
    const row = within(table).getByRole('row', { name: /Ward A/ });
    expect(within(row).getByText('75%')).toBeTruthy();
    expect(within(row).getByText('3 of 4')).toBeTruthy();
    // A department nobody in it is measured in is left out.
    expect(within(table).queryByText('Empty dept')).toBeNull();
    expect(screen.getByRole('list', { name: 'Legend' })).toBeTruthy();
  });
});
