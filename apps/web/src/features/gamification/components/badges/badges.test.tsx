import { badgeOps, catalogueOps, type Operation } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { call } from '../../../../shared/api/call.ts';
import { renderWithApp } from '../../../../shared/testing/render-with-app.tsx';
import { badge, gallery } from '../../test-gamification.ts';
import { BadgeGallery } from './badge-gallery.tsx';
import { BadgesCard } from './badges-card.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({
  call: vi.fn(),
  urlOf: (op: { path: string }, a: { params: { uuid: string } }) =>
    op.path.replace(':uuid', a.params.uuid),
}));

const calls: { op: Operation; args: Record<string, unknown> }[] = [];
let list = [badge()];
beforeEach(() => {
  calls.length = 0;
  list = [badge()];
  vi.mocked(call).mockImplementation((async (op: Operation, args: Record<string, unknown> = {}) => {
    calls.push({ op, args });
    if (op === badgeOps.list)
      return { count: list.length, next: null, previous: null, results: list };
    if (op === badgeOps.gallery) return gallery();
    if (op === catalogueOps.list)
      return { count: 1, next: null, previous: null, results: [{ id: 4, title: 'Safety basics' }] };
    if (op === badgeOps.create) {
      const form = args.body as FormData;
      if (form.get('name') === 'Taken')
        throw new ApiError({
          status: 409,
          message: 'Another badge of the organisation has this name.',
          fieldErrors: { name: ['Another badge of the organisation has this name.'] },
        });
      list = [...list, badge({ id: 2, name: String(form.get('name')) })];
      return list.at(-1);
    }
    if (op === badgeOps.update) return { ...list[0], ...(args.body as object) };
    if (op === badgeOps.remove) {
      list = list.filter((b) => b.id !== (args.params as { id: number }).id);
      return undefined;
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('BadgesCard (admins)', () => {
  it('lists badges, creates one with an image and criteria (a clash shown under the name)', async () => {
    renderWithApp(<BadgesCard />);
    const items = await screen.findByRole('list', { name: 'Badges' });
    expect(within(items).getByText('Finisher')).toBeTruthy();
    expect(within(items).getByText('2 awarded')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add badge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a badge' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Taken' },
    });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Points reached' }), {
      target: { value: '500' },
    });
    const courses = within(dialog).getByRole('combobox', { name: 'Completed courses' });
    fireEvent.mouseDown(courses);
    fireEvent.click(await screen.findByRole('option', { name: 'Safety basics' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Another badge of the organisation has this name.'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Safety star' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const form = calls.filter((c) => c.op === badgeOps.create).at(-1)?.args.body as FormData;
    expect(JSON.parse(String(form.get('criteria')))).toEqual({
      courses: [4],
      learning_paths: [],
      assessments: [],
      points: 500,
      badges: [],
    });
    expect(form.get('active')).toBe('true');
    expect(await screen.findByText('Safety star')).toBeTruthy();
  }, 20_000);

  it('a manual-only badge sends no criteria; deactivates and deletes', async () => {
    renderWithApp(<BadgesCard />);
    await screen.findByRole('list', { name: 'Badges' });
    fireEvent.click(screen.getByRole('switch', { name: 'Active: Finisher' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === badgeOps.update)?.args.body).toEqual({ active: false }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit Finisher' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Finisher' });
    fireEvent.click(
      within(dialog).getByRole('switch', { name: 'Manual only (awarded by admins)' }),
    );
    expect(within(dialog).queryByRole('combobox', { name: 'Completed courses' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const form = calls.filter((c) => c.op === badgeOps.update).at(-1)?.args.body as FormData;
    expect(JSON.parse(String(form.get('criteria')))).toEqual({ manual_only: true });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Finisher' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Finisher?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.op === badgeOps.remove)).toBe(true));
  });
});

describe('BadgeGallery', () => {
  it('shows earned badges with their credential links and the ones not yet earned', async () => {
    renderWithApp(<BadgeGallery userId={5} />);
    const grid = await screen.findByRole('list', { name: 'Badge gallery' });
    const earned = within(grid).getByRole('listitem', { name: 'Finisher: earned' });
    expect(
      within(earned).getByRole('link', { name: 'Credential (JSON)' }).getAttribute('href'),
    ).toBe('/api/credentials/0b8f6c1e-1111-4222-8333-444455556666/');
    expect(within(earned).getByRole('link', { name: 'Badge PNG' })).toBeTruthy();
    const later = within(grid).getByRole('listitem', { name: 'Explorer: not yet' });
    expect(within(later).getByText(/Not yet: Complete 1 course\./)).toBeTruthy();
    expect(within(later).queryByRole('link')).toBeNull();
    expect(screen.getByText('1 of 2 earned')).toBeTruthy();
  });
});
