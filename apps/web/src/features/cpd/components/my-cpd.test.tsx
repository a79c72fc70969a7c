import { cpdOps, type Operation, ROLE, type TCpdEntry, type TCpdSummary } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import { makeEntry, makeSummary, page, pendingExternal } from '../test-cpd.ts';
import { renderWithApp } from '../test-render.tsx';
import { MyCpd } from './my-cpd.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/api/download.ts', () => ({
  saveBlob: vi.fn(),
  dateStamp: () => '2026-06-01',
}));

let summary: TCpdSummary;
let entries: TCpdEntry[];
const calls: { op: Operation; args: Record<string, unknown> }[] = [];
beforeEach(() => {
  calls.length = 0;
  vi.mocked(saveBlob).mockClear();
  summary = makeSummary();
  entries = [pendingExternal(), makeEntry()];
  vi.mocked(call).mockImplementation((async (op: Operation, args: Record<string, unknown> = {}) => {
    calls.push({ op, args });
    if (op === cpdOps.summary) return summary;
    if (op === cpdOps.entries) return page(entries);
    if (op === cpdOps.withdraw) {
      entries = entries.filter((e) => e.id !== 22);
      return undefined;
    }
    if (op === cpdOps.exportLedger || op === cpdOps.evidence) return new Blob(['x']);
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('MyCpd', () => {
  it('shows the total against the target and each category against its minimum', async () => {
    renderWithApp(<MyCpd />);
    const total = await screen.findByTestId('cpd-total');
    expect(total.textContent).toBe('12.5 hours of 20 hours');
    const bar = screen.getByRole('progressbar', { name: 'Progress toward the target' });
    expect(bar.getAttribute('aria-valuenow')).toBe('62');
    expect(screen.getByText('62 % of the target: 7.5 hours to go.')).toBeTruthy();
    expect(screen.getByText('Carried over', { selector: 'div' }).nextSibling?.textContent).toBe(
      '2 hours',
    );
    expect(screen.getByText('Waiting for approval', { selector: 'div' })).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Progress per category' });
    const formal = within(table).getByRole('rowheader', { name: 'Formal' }).closest('tr')!;
    expect(within(formal).getByText('10.5 hours')).toBeTruthy();
    expect(within(formal).getByText('Met')).toBeTruthy();
    const informal = within(table).getByRole('rowheader', { name: 'Informal' }).closest('tr')!;
    expect(within(informal).getByText('0 %: 5 hours to go')).toBeTruthy();
  });

  it('lists the ledger with sources, statuses and the owner’s actions', async () => {
    renderWithApp(<MyCpd />);
    const table = await screen.findByRole('table', { name: 'CPD entries' });
    const external = within(table).getByRole('rowheader', { name: /First aid course/ });
    expect(external.textContent).toContain('External · evidence: certificate.pdf');
    expect(within(table).getByText('Waiting for approval')).toBeTruthy();
    expect(within(table).getByText('Credited')).toBeTruthy();
    expect(within(table).getByText('Event')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add external CPD' })).toBeTruthy();

    fireEvent.click(
      screen.getByRole('button', { name: 'Download the evidence of First aid course' }),
    );
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'certificate.pdf'));

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw First aid course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this entry?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: /First aid course/ })).toBeNull(),
    );
    expect(calls.find((c) => c.op === cpdOps.withdraw)?.args.params).toEqual({ id: 22 });
  });

  it('filters by cycle and exports that cycle', async () => {
    renderWithApp(<MyCpd />);
    await screen.findByRole('table', { name: 'CPD entries' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Cycle' }));
    fireEvent.click(await screen.findByRole('option', { name: /2025 –/ }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.op === cpdOps.entries && (c.args.query as { cycle?: string }).cycle === '2025-04-01',
        ),
      ).toBe(true),
    );
    const pdf = screen.getByRole('button', { name: /as PDF$/ });
    expect(pdf.getAttribute('aria-label')).toContain('the ledger of');
    fireEvent.click(pdf);
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'cpd-ledger-mine-2025-04-01.pdf'),
    );
    expect(calls.find((c) => c.op === cpdOps.exportLedger)?.args.query).toEqual({
      format: 'pdf',
      cycle: '2025-04-01',
      user: undefined,
    });
  });

  it('says when the organisation has no scheme, and offers admins to set one', async () => {
    summary = makeSummary({
      scheme: null,
      cycle: null,
      target: null,
      earned: 3,
      categories: [],
      history: [],
    });
    renderWithApp(<MyCpd />, { roleId: ROLE.ADMIN });
    expect(await screen.findByText(/has no CPD scheme yet/)).toBeTruthy();
    expect(screen.getByText(/3 hours so far/)).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Set up the scheme' });
    expect(link.getAttribute('href')).toBe('/cpd?tab=scheme');
    // Without cycles there is nothing to filter by.
    expect(screen.queryByRole('combobox', { name: 'Cycle' })).toBeNull();
  });

  it('offers learners no scheme button', async () => {
    summary = makeSummary({ scheme: null, cycle: null, target: null, history: [] });
    renderWithApp(<MyCpd />, { roleId: ROLE.LEARNER });
    expect(await screen.findByText(/has no CPD scheme yet/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Set up the scheme' })).toBeNull();
  });
});
