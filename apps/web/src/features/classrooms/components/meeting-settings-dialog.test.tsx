import {
  classroomMeetingOps,
  classroomOps,
  type Operation,
  ROLE,
  type TMeetingSettings,
} from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import ClassroomHomePage from '../pages/classroom-home.page.tsx';
import { page } from '../test-classrooms.ts';
import { renderWithApp } from '../test-render.tsx';
import { MeetingSettingsDialog } from './meeting-settings-dialog.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

const stored: TMeetingSettings = {
  organisation: 1,
  provider: 'jitsi',
  base_url: 'https://meet.example.org',
  app_id: 'atrium',
  has_secret: true,
  configured: true,
};

let settings: TMeetingSettings;
let save: (body: Record<string, unknown>) => Promise<unknown>;
const bodies: Record<string, unknown>[] = [];
beforeEach(() => {
  bodies.length = 0;
  settings = stored;
  save = async (body) => ({ ...settings, ...body, has_secret: body.secret !== null });
  vi.mocked(call).mockImplementation((async (
    op: Operation,
    args: { body?: Record<string, unknown> } = {},
  ) => {
    if (op === classroomMeetingOps.settings) return settings;
    if (op === classroomMeetingOps.saveSettings) {
      bodies.push(args.body ?? {});
      return save(args.body ?? {});
    }
    if (op === classroomOps.list) return page([]);
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = async () => {
  const onClose = vi.fn();
  renderWithApp(<MeetingSettingsDialog open onClose={onClose} />, { roleId: ROLE.ADMIN });
  const dialog = await screen.findByRole('dialog', { name: 'Meeting settings' });
  await within(dialog).findByRole('textbox', { name: /Server address/ });
  return { dialog, onClose };
};

describe('MeetingSettingsDialog', () => {
  it('says a secret is set without showing it, and saving untouched keeps it', async () => {
    const { dialog, onClose } = await open();
    expect(within(dialog).getByText('A secret is set.')).toBeTruthy();
    expect(dialog.querySelector('input[type="password"]')).toBeNull();
    expect(within(dialog).getByRole('radio', { name: 'Jitsi Meet' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(dialog).getByRole('textbox', { name: 'App id' })).toHaveProperty(
      'value',
      'atrium',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies[0]).toEqual({
      provider: 'jitsi',
      base_url: 'https://meet.example.org',
      app_id: 'atrium',
      secret: undefined,
    });
  });

  it('replaces the secret with what is typed', async () => {
    const { dialog } = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    const field = dialog.querySelector('input[type="password"]') as HTMLInputElement;
    expect(field.value).toBe('');
    fireEvent.change(field, { target: { value: 'n3w-s3cret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.secret).toBe('n3w-s3cret');
  });

  it('removing asks to be saved and sends null', async () => {
    const { dialog } = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByText('The secret is removed when you save.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.secret).toBeNull();
  });

  it('shows the server’s field errors on the fields', async () => {
    save = async () => {
      throw new ApiError({
        status: 400,
        message: 'Please correct the errors below.',
        hasServerMessage: true,
        fieldErrors: {
          base_url: ['Use an https:// address.'],
          secret: ['BigBlueButton needs the shared secret of its server.'],
        },
      });
    };
    settings = { ...stored, has_secret: false, app_id: '', configured: false };
    const { dialog, onClose } = await open();
    expect(within(dialog).getByText(/Not set up yet/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'BigBlueButton' }));
    expect(within(dialog).queryByRole('textbox', { name: 'App id' })).toBeNull();
    expect(within(dialog).getByText(/ending in \/bigbluebutton\/api/)).toBeTruthy();
    const url = within(dialog).getByRole('textbox', { name: /API endpoint/ });
    fireEvent.change(url, { target: { value: 'http://bbb.example.org/bigbluebutton/api' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Use an https:// address.')).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    const secret = dialog.querySelector('input[type="password"]') as HTMLInputElement;
    expect(secret.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(dialog).getByText('BigBlueButton needs the shared secret of its server.'),
    ).toBeTruthy();
    expect(bodies[0]).toMatchObject({ provider: 'bbb', app_id: '', secret: undefined });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the classroom home’s Meeting settings', () => {
  it('is offered to admins and opens the dialog', async () => {
    renderWithApp(<ClassroomHomePage />, { roleId: ROLE.ADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Meeting settings' }));
    expect(await screen.findByRole('dialog', { name: 'Meeting settings' })).toBeTruthy();
  });

  it('is not offered to trainers', async () => {
    renderWithApp(<ClassroomHomePage />, { roleId: ROLE.TRAINER });
    await screen.findByRole('tab', { name: 'Classrooms' });
    expect(screen.queryByRole('button', { name: 'Meeting settings' })).toBeNull();
  });
});
