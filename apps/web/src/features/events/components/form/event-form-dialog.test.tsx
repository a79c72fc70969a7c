import { cpdOps, eventOps, type Operation, organisationOps, ROLE } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { call } from '../../../../shared/api/call.ts';
import { makeDetail } from '../../test-events.ts';
import { renderWithApp } from '../../test-render.tsx';
import { EventFormDialog } from './event-form-dialog.tsx';

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

type Args = { body?: Record<string, unknown>; params?: { id: number } };
const bodies: Record<string, unknown>[] = [];
let save: () => Promise<unknown>;

beforeEach(() => {
  bodies.length = 0;
  save = async () => makeDetail({ id: 12 });
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    if (op === eventOps.types) return [{ id: 3, name: 'Workshop', colour: '#aa3300' }];
    if (op === cpdOps.categories) return [{ id: 4, name: 'Formal', minimum: 10, entries: 0 }];
    if (op === organisationOps.departmentsOf) return [];
    if (op === eventOps.create || op === eventOps.update) {
      bodies.push(args.body ?? {});
      return save();
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const pick = (dialog: HTMLElement, name: string, option: string) => {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name }));
  fireEvent.click(screen.getByRole('option', { name: option }));
};

async function fillNew() {
  const onSaved = vi.fn();
  renderWithApp(<EventFormDialog event={null} onClose={vi.fn()} onSaved={onSaved} />, {
    roleId: ROLE.ADMIN,
  });
  const dialog = await screen.findByRole('dialog', { name: 'New event' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
    target: { value: 'First aid refresher' },
  });
  const zone = within(dialog).getByRole('combobox', { name: 'Time zone' });
  zone.focus();
  fireEvent.change(zone, { target: { value: 'Europe/London' } });
  fireEvent.keyDown(zone, { key: 'ArrowDown' });
  fireEvent.click(await screen.findByRole('option', { name: 'Europe/London' }));
  fireEvent.change(within(dialog).getByLabelText(/^Starts/), {
    target: { value: '2026-03-23T10:00' },
  });
  fireEvent.change(within(dialog).getByLabelText(/^Ends/), {
    target: { value: '2026-03-23T11:30' },
  });
  return { dialog, onSaved };
}

describe('EventFormDialog', () => {
  it('sends a weekly rule and the start as an instant of the chosen zone', async () => {
    const { dialog, onSaved } = await fillNew();
    pick(dialog, 'Repeats', 'Weekly');
    // The start's weekday (Monday) is chosen; add Wednesday.
    expect(within(dialog).getByRole('button', { name: 'Monday' })).toHaveProperty(
      'ariaPressed',
      'true',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Wednesday' }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Occurrences' }), {
      target: { value: '6' },
    });
    expect(within(dialog).getByText('Every week on Mon and Wed, 6 times')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'CPD value' }), {
      target: { value: '2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      title: 'First aid refresher',
      time_zone: 'Europe/London',
      // 10:00 GMT on 23 March, before the clocks change.
      starts_at: '2026-03-23T10:00:00Z',
      ends_at: '2026-03-23T11:30:00Z',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6',
      exdates: [],
      audience: null,
      cpd_value: 2,
      cpd_unit: 'hours',
      cpd_category: null,
      capacity: null,
      online_url: null,
      status: 'draft',
      enrolment: 'open',
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('sends the occurrences picked to skip', async () => {
    const { dialog } = await fillNew();
    pick(dialog, 'Repeats', 'Daily');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Occurrences' }), {
      target: { value: '8' },
    });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Skip occurrences' }));
    // 29 March is after the change to BST: 10:00 local is 09:00 UTC.
    fireEvent.click(screen.getByRole('option', { name: /(29 Mar|Mar 29),? 2026/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      rrule: 'FREQ=DAILY;COUNT=8',
      exdates: ['2026-03-29T09:00:00Z'],
    });
  });

  it('shows the server’s field errors on the fields', async () => {
    save = async () => {
      throw new ApiError({
        status: 400,
        message: 'Please correct the errors below.',
        hasServerMessage: true,
        fieldErrors: {
          online_url: ['Enter a valid URL.'],
          capacity: ['The capacity is below the 5 people enrolled.'],
        },
      });
    };
    const { dialog } = await fillNew();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(await within(dialog).findByText('Enter a valid URL.')).toBeTruthy();
    expect(within(dialog).getByText('The capacity is below the 5 people enrolled.')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Please correct the errors below.');
    expect(within(dialog).getByRole('textbox', { name: 'Online link' })).toHaveProperty(
      'ariaInvalid',
      'true',
    );
  });

  it('refuses an end before the start without sending', async () => {
    const { dialog } = await fillNew();
    fireEvent.change(within(dialog).getByLabelText(/^Ends/), {
      target: { value: '2026-03-23T09:00' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(await within(dialog).findByText('The end must be after the start.')).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it('pre-fills an edit with its rule in the builder, in the event’s zone', async () => {
    const event = makeDetail({
      time_zone: 'Europe/London',
      starts_at: '2026-07-06T08:00:00Z',
      ends_at: '2026-07-06T09:00:00Z',
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=4',
    });
    renderWithApp(<EventFormDialog event={event} onClose={vi.fn()} onSaved={vi.fn()} />, {
      roleId: ROLE.ADMIN,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(within(dialog).getByLabelText(/^Starts/)).toHaveProperty('value', '2026-07-06T09:00');
    expect(within(dialog).getByText('Every 2 weeks on Mon, 4 times')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      starts_at: '2026-07-06T08:00:00Z',
      rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=4',
    });
  });

  it('keeps a rule the builder cannot show as text', async () => {
    const event = makeDetail({ rrule: 'FREQ=MONTHLY;BYDAY=1MO;COUNT=3' });
    renderWithApp(<EventFormDialog event={event} onClose={vi.fn()} onSaved={vi.fn()} />, {
      roleId: ROLE.ADMIN,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(within(dialog).getByRole('textbox', { name: 'Repeat rule' })).toHaveProperty(
      'value',
      'FREQ=MONTHLY;BYDAY=1MO;COUNT=3',
    );
  });
});
