import { type Operation, proctoringOps, ROLE } from '@atrium/contract';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { type FormEvent, useRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { makeSettings, renderProctoring } from '../test-utils.tsx';
import {
  type ProctoringSettingsHandle,
  ProctoringSettingsSection,
} from './proctoring-settings-section.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

type Args = { query?: Record<string, unknown>; body?: unknown };
const calls: { op: Operation; args: Args }[] = [];
const saved = () =>
  calls.filter((c) => c.op === proctoringOps.saveSettings).map((c) => c.args.body);
let failSave: ApiError | null = null;

beforeEach(() => {
  calls.length = 0;
  failSave = null;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === proctoringOps.settings) return makeSettings();
    if (op === proctoringOps.saveSettings) {
      if (failSave) throw failSave;
      return makeSettings(args.body as object);
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

/** The host form, as the assessment's settings form uses the section. */
function Host() {
  const ref = useRef<ProctoringSettingsHandle>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ref.current?.check()) ref.current.save();
  };
  return (
    <form onSubmit={submit}>
      <ProctoringSettingsSection ref={ref} assessment={1} editable saved />
      <button type="submit">Save settings</button>
    </form>
  );
}

const open = (roleId: number = ROLE.TRAINER) =>
  renderProctoring([{ path: '*', element: <Host /> }], { url: '/', roleId });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

describe('the proctoring settings section', () => {
  it('loads the settings and saves what changed', async () => {
    open();
    const live = await screen.findByRole('radio', { name: /^Live/ });
    fireEvent.click(live);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Phone in view/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Left full screen/ }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Violation budget (flags)' }), {
      target: { value: '3' },
    });
    fireEvent.click(screen.getByRole('radio', { name: /^ID photo for a person to check/ }));
    save();
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toEqual({
      assessment: 1,
      mode: 'live',
      signals: ['no_face', 'multiple_faces', 'looking_away', 'tab_switch', 'phone'],
      look_away_seconds: 5,
      no_face_seconds: 5,
      identity_check: 'id_photo',
      violation_budget: 3,
      auto_submit: false,
      retention_days: 30,
    });
  });

  it('saves nothing when nothing changed (each save is audited)', async () => {
    open();
    await screen.findByRole('radio', { name: /^Live/ });
    save();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saved()).toHaveLength(0);
  });

  it('refuses what the server would, by field', async () => {
    open();
    const lookAway = await screen.findByRole('spinbutton', {
      name: 'Looking away allowed (seconds)',
    });
    fireEvent.change(lookAway, { target: { value: '1' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Keep evidence (days)' }), {
      target: { value: '' },
    });
    save();
    expect(await screen.findByText('The look-away time is at least 2 seconds.')).toBeTruthy();
    expect(screen.getByText('Enter a number of days.')).toBeTruthy();
    expect(saved()).toHaveLength(0);
  });

  it('shows the server’s field errors under their fields', async () => {
    failSave = new ApiError({
      status: 400,
      message: 'Check the fields.',
      fieldErrors: { 'signals.0': ['This signal is not available on this plan.'] },
    });
    open();
    fireEvent.click(await screen.findByRole('checkbox', { name: /^Voices or noise/ }));
    save();
    expect(await screen.findByText('This signal is not available on this plan.')).toBeTruthy();
  });

  it('lets only an admin switch auto-submit', async () => {
    open();
    const trainerSwitch = await screen.findByRole('switch', { name: /Submit the attempt/ });
    expect((trainerSwitch as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Only an administrator can change this.')).toBeTruthy();
  });

  it('warns an admin who switches auto-submit on', async () => {
    open(ROLE.ADMIN);
    const auto = await screen.findByRole('switch', { name: /Submit the attempt/ });
    fireEvent.click(auto);
    expect(screen.getByText(/ends a learner’s attempt before any person/)).toBeTruthy();
    save();
    expect(await screen.findByText('Auto-submit needs a violation budget.')).toBeTruthy();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Violation budget (flags)' }), {
      target: { value: '5' },
    });
    save();
    await waitFor(() =>
      expect(saved()[0]).toMatchObject({ auto_submit: true, violation_budget: 5 }),
    );
  });
});
