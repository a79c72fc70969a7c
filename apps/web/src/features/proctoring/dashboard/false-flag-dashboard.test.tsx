import { type Operation, proctoringOps } from '@atrium/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { renderProctoring } from '../test-utils.tsx';
import { FalseFlagDashboard } from './false-flag-dashboard.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
// The chart is a picture of the table's numbers: the test reads what it is handed.
vi.mock('./false-flag-chart.tsx', () => ({
  default: ({ bars }: { bars: { label: string; rate: number }[] }) => (
    <p>Chart: {bars.map((b) => `${b.label} ${b.rate}`).join(', ')}</p>
  ),
}));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

type Args = { query?: Record<string, unknown> };
const queries: (Record<string, unknown> | undefined)[] = [];
let signals: object[] = [];

beforeEach(() => {
  queries.length = 0;
  signals = [
    { type: 'looking_away', total: 12, decided: 10, dismissed: 8, false_rate: 0.8 },
    { type: 'phone', total: 4, decided: 4, dismissed: 1, false_rate: 0.25 },
    { type: 'tab_switch', total: 2, decided: 0, dismissed: 0, false_rate: null },
    { type: 'mic_noise', total: 0, decided: 0, dismissed: 0, false_rate: null },
  ];
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    if (op === proctoringOps.falseFlags || op === proctoringOps.organisationFalseFlags) {
      queries.push({
        op: op === proctoringOps.falseFlags ? 'assessment' : 'organisation',
        ...args.query,
      });
      return { signals };
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (assessment?: number) =>
  renderProctoring([{ path: '*', element: <FalseFlagDashboard assessment={assessment} /> }], {
    url: '/',
  });

describe('the false-flag dashboard', () => {
  it('shows each signal’s rate as a table and a chart', async () => {
    open(1);
    const table = await screen.findByRole('table', { name: 'False flags per signal' });
    const looking = within(table).getByRole('row', { name: /Looking away/ });
    expect(within(looking).getByText('80 %')).toBeTruthy();
    expect(within(looking).getByText('12')).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Phone in view/ }).textContent).toContain('25 %');
    expect(within(table).getByText('Nothing decided')).toBeTruthy();
    // A signal without flags is left out.
    expect(within(table).queryByText('Voices or noise')).toBeNull();
    expect(await screen.findByText('Chart: Looking away 80, Phone in view 25')).toBeTruthy();
    expect(queries[0]).toEqual({ op: 'assessment', assessment: 1 });
  });

  it('asks for the organisation’s over a period', async () => {
    open();
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-01' } });
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ op: 'organisation', from: '2026-01-01', to: '2026-02-01' }),
    );
  });

  it('says when there is nothing to show yet', async () => {
    signals = [];
    open(1);
    expect(await screen.findByText(/No flags in this period/)).toBeTruthy();
  });
});
