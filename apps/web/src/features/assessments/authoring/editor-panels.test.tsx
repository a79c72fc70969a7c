import {
  assessmentOps,
  type Operation,
  organisationOps,
  userOps,
  ZDepartment,
} from '@atrium/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { FeedbackBands } from './feedback-bands.tsx';
import { OverridesPanel } from './overrides-panel.tsx';
import { renderWithApp } from './test-utils.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

type Args = { query?: Record<string, unknown>; body?: unknown; params?: { id: number } };
const calls: { op: Operation; args: Args }[] = [];
const bodies = (op: Operation) => calls.filter((c) => c.op === op).map((c) => c.args.body);
const night = ZDepartment.parse({
  id: 8,
  organization: 7,
  name: 'Night shift',
  head: null,
  user_count: 12,
  designation_count: 0,
  location_count: 0,
});

beforeEach(() => {
  calls.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === assessmentOps.overrides) return [];
    if (op === assessmentOps.addOverride) {
      return {
        id: 1,
        user: null,
        department: { id: 8, name: 'Night shift' },
        extra_seconds: 600,
        time_limit_seconds: null,
        opens_at: null,
        closes_at: null,
        attempts_allowed: 2,
      };
    }
    if (op === organisationOps.departmentsOf) return [night];
    if (op === userOps.list) return { count: 0, next: null, previous: null, results: [] };
    if (op === assessmentOps.messages) return [{ min_percent: 0, message: 'Keep practising.' }];
    if (op === assessmentOps.saveMessages) return (args.body as { bands: unknown[] }).bands;
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('editor panels', () => {
  it('adds extra time and attempts for a department', async () => {
    renderWithApp(<OverridesPanel assessmentId={1} editable />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add an override' }));
    const dialog = await screen.findByRole('dialog', { name: 'New override' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a learner.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'A department' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Department' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Night shift' }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Extra time (minutes)' }), {
      target: { value: '10' },
    });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Attempts allowed' }), {
      target: { value: '2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(assessmentOps.addOverride)[0]).toEqual({
        assessment: 1,
        user: null,
        department: 8,
        extra_seconds: 600,
        time_limit_seconds: null,
        opens_at: null,
        closes_at: null,
        attempts_allowed: 2,
      }),
    );
  });

  it('refuses two bands from the same percentage, then saves the bands', async () => {
    renderWithApp(<FeedbackBands assessmentId={1} editable />);
    expect(await screen.findByDisplayValue('Keep practising.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a band' }));
    const froms = screen.getAllByRole('spinbutton', { name: 'From %' });
    const messages = screen.getAllByRole('textbox', { name: 'Message' });
    fireEvent.change(froms[1] as HTMLElement, { target: { value: '0' } });
    fireEvent.change(messages[1] as HTMLElement, { target: { value: 'Well done.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save feedback' }));
    expect(await screen.findByText('Each percentage may have one message.')).toBeTruthy();
    expect(bodies(assessmentOps.saveMessages)).toHaveLength(0);

    fireEvent.change(froms[1] as HTMLElement, { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save feedback' }));
    await waitFor(() =>
      expect(bodies(assessmentOps.saveMessages)[0]).toEqual({
        assessment: 1,
        bands: [
          { min_percent: 0, message: 'Keep practising.' },
          { min_percent: 80, message: 'Well done.' },
        ],
      }),
    );
  });
});
