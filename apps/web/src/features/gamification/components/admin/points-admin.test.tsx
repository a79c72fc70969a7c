import { gamificationOps, type Operation, type TLevel, type TPointRule } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { call } from '../../../../shared/api/call.ts';
import { renderWithApp } from '../../../../shared/testing/render-with-app.tsx';
import { LevelsCard } from './levels-card.tsx';
import { RulesCard } from './rules-card.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));

const rule = (r: Partial<TPointRule> & Pick<TPointRule, 'rule'>): TPointRule => ({
  points: 10,
  enabled: true,
  cooldown_minutes: 0,
  daily_cap: null,
  customised: false,
  ...r,
});

let levels: TLevel[] = [];
const calls: { op: Operation; args: Record<string, unknown> }[] = [];
beforeEach(() => {
  calls.length = 0;
  levels = [
    { id: 1, name: 'Newcomer', min_points: 0, max_points: 99, color: '#78909c', image: null },
    { id: 2, name: 'Explorer', min_points: 100, max_points: null, color: '#1e88e5', image: null },
  ];
  vi.mocked(call).mockImplementation((async (op: Operation, args: Record<string, unknown> = {}) => {
    calls.push({ op, args });
    if (op === gamificationOps.levels) return { results: levels };
    if (op === gamificationOps.createLevel) {
      const body = args.body as { name: string; min_points: number };
      if (body.min_points === 100)
        throw new ApiError({
          status: 409,
          message: 'Another level starts at 100 points.',
          fieldErrors: { min_points: ['Another level starts at 100 points.'] },
        });
      const made = { id: 3, max_points: null, image: null, color: '#000000', ...body };
      levels = [...levels, made as TLevel];
      return made;
    }
    if (op === gamificationOps.removeLevel) {
      levels = levels.filter((l) => l.id !== (args.params as { id: number }).id);
      return undefined;
    }
    if (op === gamificationOps.rules || op === gamificationOps.saveRules) {
      return {
        results: [
          rule({ rule: 'course_completed', points: 100 }),
          rule({ rule: 'daily_sign_in', points: 5, daily_cap: 1 }),
        ],
      };
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('LevelsCard', () => {
  it('lists the ranges, adds a level (showing a clash under its field) and deletes one', async () => {
    renderWithApp(<LevelsCard />);
    const list = await screen.findByRole('list', { name: 'Levels' });
    expect(within(list).getByText('0–99 points')).toBeTruthy();
    expect(within(list).getByText('100 points and more')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add level' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a level' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Achiever' },
    });
    const start = within(dialog).getByRole('spinbutton', { name: 'Starts at (points)' });
    fireEvent.change(start, { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another level starts at 100 points.')).toBeTruthy();
    fireEvent.change(start, { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.op === gamificationOps.createLevel).at(-1)?.args.body).toEqual({
      name: 'Achiever',
      min_points: 500,
      color: '#1e88e5',
      image: null,
    });
    expect(await screen.findByText('Achiever')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Explorer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Explorer?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Explorer')).toBeNull());
  });
});

describe('RulesCard', () => {
  it('edits and saves every rule at once, a blank cap meaning none', async () => {
    renderWithApp(<RulesCard />);
    const points = await screen.findByRole('spinbutton', { name: 'Points: Course completed' });
    fireEvent.change(points, { target: { value: '150' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Daily cap: Daily sign-in' }), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Award points for Daily sign-in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === gamificationOps.saveRules)?.args.body).toEqual({
        rules: [
          {
            rule: 'course_completed',
            points: 150,
            enabled: true,
            cooldown_minutes: 0,
            daily_cap: null,
          },
          {
            rule: 'daily_sign_in',
            points: 5,
            enabled: false,
            cooldown_minutes: 0,
            daily_cap: null,
          },
        ],
      }),
    );
  });
});
