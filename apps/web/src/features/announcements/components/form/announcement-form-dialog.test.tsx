import {
  announcementOps,
  catalogueOps,
  type Operation,
  organisationOps,
  ROLE,
} from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { call } from '../../../../shared/api/call.ts';
import { makeAnnouncement, page } from '../../test-announcements.ts';
import { renderWithApp } from '../../test-render.tsx';
import { AnnouncementFormDialog } from './announcement-form-dialog.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
// jsdom cannot type into ProseMirror: a textarea stands in for the editor.
vi.mock('../../../../shared/ui/rich-text/rich-text-field.tsx', () => ({
  RichTextField: ({
    label,
    value,
    onChange,
  }: {
    label: string;
    value: string;
    onChange: (v: string) => void;
  }) => <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />,
}));

type Args = { body?: Record<string, unknown>; query?: Record<string, unknown> };
const bodies: Record<string, unknown>[] = [];
const courseSearches: unknown[] = [];
let save: () => Promise<unknown>;

beforeEach(() => {
  bodies.length = 0;
  courseSearches.length = 0;
  save = async () => makeAnnouncement({ id: 12 });
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    if (op === organisationOps.departmentsOf) return [];
    if (op === catalogueOps.list) {
      courseSearches.push(args.query?.search);
      return page([{ id: 31, title: 'Safe lifting' }]);
    }
    if (op === announcementOps.create || op === announcementOps.update) {
      bodies.push(args.body ?? {});
      return save();
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

async function fillNew() {
  const onSaved = vi.fn();
  renderWithApp(
    <AnnouncementFormDialog announcement={null} onClose={vi.fn()} onSaved={onSaved} />,
    {
      roleId: ROLE.ADMIN,
    },
  );
  const dialog = await screen.findByRole('dialog', { name: 'New announcement' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
    target: { value: 'Fire drill' },
  });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text' }), {
    target: { value: '<p>Friday at ten.</p>' },
  });
  return { dialog, onSaved };
}

describe('AnnouncementFormDialog', () => {
  it('sends chosen groups and a scheduled time as an instant', async () => {
    const { dialog, onSaved } = await fillNew();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Chosen groups' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Learner' }));
    const course = within(dialog).getByRole('combobox', { name: 'Course (optional)' });
    course.focus();
    fireEvent.change(course, { target: { value: 'lift' } });
    // Searched as the typing settles.
    await waitFor(() => expect(courseSearches).toContain('lift'));
    fireEvent.click(await screen.findByRole('option', { name: 'Safe lifting' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Schedule' }));
    fireEvent.change(within(dialog).getByLabelText(/^Goes out at/), {
      target: { value: '2030-07-01T09:30' },
    });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Readers must acknowledge it' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send announcement' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      title: 'Fire drill',
      body: '<p>Friday at ten.</p>',
      audience: { departments: [], designations: [], roles: [4], course: 31, class: null },
      publish_at: new Date(2030, 6, 1, 9, 30).toISOString(),
      expires_at: null,
      pinned: false,
      must_acknowledge: true,
      send_email: true,
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('publishes to everyone now by default', async () => {
    const { dialog } = await fillNew();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send announcement' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ audience: null, publish_at: null, send_email: true });
  });

  it('shows the server’s field errors under the fields, nested ones too', async () => {
    save = async () => {
      throw new ApiError({
        status: 400,
        message: 'Please correct the errors below.',
        hasServerMessage: true,
        fieldErrors: {
          'audience.course': ['Choose a course of your organisation.'],
          expires_at: ['The expiry must be after it goes out.'],
        },
      });
    };
    const { dialog } = await fillNew();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Chosen groups' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Trainer' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send announcement' }));
    expect(await within(dialog).findByText('Choose a course of your organisation.')).toBeTruthy();
    expect(within(dialog).getByText('The expiry must be after it goes out.')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Please correct the errors below.');
    expect(
      within(dialog)
        .getByRole('combobox', { name: 'Course (optional)' })
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('asks for an audience before sending when groups are chosen but none picked', async () => {
    const { dialog } = await fillNew();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Chosen groups' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send announcement' }));
    expect(
      await within(dialog).findByText(
        'Choose who it is for, or send it to the whole organisation.',
      ),
    ).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it('keeps a published one’s audience and time fixed and leaves them out', async () => {
    const announcement = makeAnnouncement({
      audience: {
        departments: [],
        designations: [],
        department_names: [],
        designation_names: [],
        roles: [4],
        course: null,
        class: null,
      },
    });
    renderWithApp(
      <AnnouncementFormDialog announcement={announcement} onClose={vi.fn()} onSaved={vi.fn()} />,
      { roleId: ROLE.ADMIN },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit announcement' });
    expect(within(dialog).getByText(/its audience and publish time stay as they are/)).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Learner' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(dialog).getByRole('radio', { name: 'Schedule' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Fire drill moved' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ title: 'Fire drill moved' });
    expect(bodies[0]).not.toHaveProperty('audience');
    expect(bodies[0]).not.toHaveProperty('publish_at');
  });
});
