import { type Operation, ROLE, supportTicketOps, type TTicketSummary } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { slaLabel } from '../components/tickets/sla-chip.tsx';
import SupportPage from './support.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

type Args = { query?: Record<string, unknown>; body?: unknown };
const calls: { op: Operation; args: Args }[] = [];
const NOW = Date.parse('2026-12-01T10:00:00Z');
const sla = {
  first_response_due_at: '2026-12-01T11:00:00Z',
  resolution_due_at: '2026-12-01T18:00:00Z',
  first_responded_at: null,
  due_at: '2026-12-01T11:00:00Z',
  breached: false,
  breaching_soon: true,
};
const ticket: TTicketSummary = {
  id: 7,
  reference: 'UKSC-000042',
  subject: 'Player stays blank',
  category: 'technical',
  status: 'open',
  priority: 'urgent',
  requester: { id: 5, fullname: 'Lee Learner' },
  assignee: null,
  organisation: { id: 1, title: 'Acme' },
  sla,
  created_at: '2026-12-01T09:00:00Z',
  updated_at: '2026-12-01T09:00:00Z',
};
const page = (results: TTicketSummary[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

beforeEach(() => {
  calls.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === supportTicketOps.myTickets) return page([]);
    if (op === supportTicketOps.queue) return page(args.query?.sla === 'breached' ? [] : [ticket]);
    if (op === supportTicketOps.openTicket) return { ...ticket, id: 8 };
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('SLA labels', () => {
  it('says when a target is due or how long ago it was breached', () => {
    expect(slaLabel(sla, NOW)).toBe('Reply due in 1h');
    expect(slaLabel({ ...sla, first_responded_at: 'x', due_at: '2026-12-04T10:00:00Z' }, NOW)).toBe(
      'Resolve due in 3d',
    );
    expect(slaLabel({ ...sla, breached: true, due_at: '2026-12-01T08:00:00Z' }, NOW)).toBe(
      'Breached 2h ago',
    );
    expect(slaLabel({ ...sla, due_at: null }, NOW)).toBeNull();
  });
});

describe('SupportPage for a learner', () => {
  it('shows an empty list, the guide, and a new-ticket form prefilled from ?from=', async () => {
    renderWithApp(<SupportPage />);
    expect(await screen.findByText(/You have no tickets yet/)).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Queue' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Learner guide' }));
    expect(screen.getByRole('heading', { name: 'Who to contact' })).toBeTruthy();
  }, 30_000);

  it('checks the form and sends subject, category, description, page and files', async () => {
    renderWithApp(<SupportPage />, { url: '/?from=/course/12' });
    const form = await screen.findByRole('form', { name: 'New ticket' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Fill in the subject/)).toBeTruthy();
    expect(calls.some((c) => c.op === supportTicketOps.openTicket)).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /Subject/ }), {
      target: { value: 'Blank player' },
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Category/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Technical problem' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Description/ }), {
      target: { value: 'Nothing shows.' },
    });
    const exe = new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' });
    fireEvent.change(screen.getByTestId('ticket-attachments'), { target: { files: [exe] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/tool.exe: attach images/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /tool.exe/ }).querySelector('svg')!);
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'screen.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('ticket-attachments'), { target: { files: [png] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.op === supportTicketOps.openTicket)).toBe(true));
    const body = calls.find((c) => c.op === supportTicketOps.openTicket)!.args.body as FormData;
    expect(body.get('subject')).toBe('Blank player');
    expect(body.get('category')).toBe('technical');
    expect(body.get('page')).toBe('/course/12');
    expect((body.getAll('attachments') as File[]).map((f) => f.name)).toEqual(['screen.png']);
  }, 30_000);
});

describe('SupportPage for staff', () => {
  it('lands on the queue with SLA chips and filters it', async () => {
    renderWithApp(<SupportPage />, { roleId: ROLE.ADMIN });
    const queue = await screen.findByRole('list', { name: 'Support queue' });
    expect(within(queue).getByText('UKSC-000042')).toBeTruthy();
    expect(within(queue).getByText(/Reply due in|Breached/)).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'SLA' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Breached' }));
    expect(await screen.findByText('No tickets match.')).toBeTruthy();
    expect(
      calls.some((c) => c.op === supportTicketOps.queue && c.args.query?.sla === 'breached'),
    ).toBe(true);
  }, 30_000);
});
