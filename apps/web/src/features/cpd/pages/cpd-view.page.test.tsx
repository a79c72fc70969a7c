import { cpdOps, type Operation, ROLE } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { saveBlob } from '../../../shared/api/download.ts';
import { makeEntry, makeSummary, page, pendingExternal } from '../test-cpd.ts';
import { renderWithApp } from '../test-render.tsx';
import CpdViewPage from './cpd-view.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/api/download.ts', () => ({
  saveBlob: vi.fn(),
  dateStamp: () => '2026-06-01',
}));

let missing = false;
const calls: { op: Operation; args: Record<string, unknown> }[] = [];
beforeEach(() => {
  calls.length = 0;
  missing = false;
  vi.mocked(saveBlob).mockClear();
  vi.mocked(call).mockImplementation((async (op: Operation, args: Record<string, unknown> = {}) => {
    calls.push({ op, args });
    if (missing) throw new ApiError({ status: 404, message: 'User not found.' });
    if (op === cpdOps.summary) return makeSummary({ user: { id: 8, name: 'Sam Staff' } });
    if (op === cpdOps.entries) {
      // What the learner may do is theirs: the view must not offer it even so.
      return page([pendingExternal({ user: 8 }), makeEntry({ user: 8, source_kind: 'course' })]);
    }
    if (op === cpdOps.exportLedger || op === cpdOps.evidence) return new Blob(['x']);
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (url = '/cpd-view/8') =>
  renderWithApp(<CpdViewPage />, { path: '/cpd-view/:uid', url, roleId: ROLE.ADMIN });

describe('CpdViewPage', () => {
  it('shows the user’s ledger read-only, with exports and evidence', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Staff' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'CPD entries' });
    expect(within(table).getByRole('rowheader', { name: /First aid course/ })).toBeTruthy();
    expect(within(table).getByText('Course')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add external CPD' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Withdraw/ })).toBeNull();
    expect(calls.find((c) => c.op === cpdOps.summary)?.args.query).toEqual({ user: 8 });
    expect(calls.find((c) => c.op === cpdOps.entries)?.args.query).toMatchObject({ user: 8 });

    fireEvent.click(
      screen.getByRole('button', { name: 'Download the evidence of First aid course' }),
    );
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'certificate.pdf'));
    fireEvent.click(screen.getByRole('button', { name: /as XLSX$/ }));
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'cpd-ledger-8-2026-04-01.xlsx'),
    );
    expect(calls.find((c) => c.op === cpdOps.exportLedger)?.args.query).toMatchObject({
      format: 'xlsx',
      cycle: '2026-04-01',
      user: 8,
    });
    expect(screen.getByRole('link', { name: 'People' }).getAttribute('href')).toBe(
      '/cpd?tab=people',
    );
  });

  it('says the ledger is not found or not theirs when the server answers 404', async () => {
    missing = true;
    open();
    expect(await screen.findByText(/was not found, or it is not yours to see/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks nothing of the server for an id that is no id', async () => {
    open('/cpd-view/abc');
    expect(await screen.findByText(/was not found, or it is not yours to see/)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
