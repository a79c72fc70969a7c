import { type Operation, proctoringOps } from '@atrium/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import EvidencePage from '../pages/evidence.page.tsx';
import { makeDetail, makeFlag, renderProctoring } from '../test-utils.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

type Args = { query?: Record<string, unknown>; body?: unknown; params?: { id: number } };
const calls: { op: Operation; args: Args }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === proctoringOps.detail) return makeDetail();
    if (op === proctoringOps.decideFlag) {
      return makeFlag({ decision: 'confirmed', comment: '' });
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = (evidence = 201) =>
  renderProctoring(
    [
      {
        path: '/assessment/:id/proctor-view-card/:groupId/:evidence',
        element: <EvidencePage />,
      },
      { path: '/assessment/:id/proctor-view-card/:groupId', element: <p>The card</p> },
    ],
    { url: `/assessment/1/proctor-view-card/3/${evidence}?session=9` },
  );
const key = (k: string) => fireEvent.keyDown(window, { key: k });

describe('the evidence viewer', () => {
  it('shows a still large with its flag, and walks the session with the arrow keys', async () => {
    const { router } = open();
    // Identity photo first, then the flags' files in order: the still is 2 of 4.
    expect(await screen.findByRole('img', { name: /Still: Looking away at/ })).toBeTruthy();
    expect(screen.getByText('2 of 4')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Looking away' })).toBeTruthy();
    expect(screen.getByText(/confidence 82 %/)).toBeTruthy();

    key('ArrowRight');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/assessment/1/proctor-view-card/3/202'),
    );
    expect(router.state.location.search).toBe('?session=9');
    // A clip plays in the page's own player.
    const clip = await screen.findByLabelText(/Clip: Looking away/);
    expect(clip.tagName).toBe('VIDEO');
    expect(clip.getAttribute('src')).toBe('/api/proctor/evidence/202/');
    expect(clip.hasAttribute('controls')).toBe(true);

    key('ArrowRight');
    expect(await screen.findByRole('heading', { name: 'Phone in view' })).toBeTruthy();
    expect(screen.getByText('4 of 4')).toBeTruthy();
    // The last one: → stays.
    key('ArrowRight');
    expect(screen.getByText('4 of 4')).toBeTruthy();

    key('ArrowLeft');
    key('ArrowLeft');
    key('ArrowLeft');
    expect(await screen.findByRole('heading', { name: 'Identity check' })).toBeTruthy();
    expect(screen.getByText('1 of 4')).toBeTruthy();
  });

  it('goes back to the learner card with Esc', async () => {
    const { router } = open();
    await screen.findByRole('img', { name: /Still: Looking away/ });
    key('Escape');
    expect(await screen.findByText('The card')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/assessment/1/proctor-view-card/3');
    expect(router.state.location.search).toBe('?session=9');
  });

  it('decides the flag from the viewer, and keys wait while the dialog is open', async () => {
    open();
    await screen.findByRole('img', { name: /Still: Looking away/ });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: looking away flag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this flag?' });
    key('ArrowRight');
    expect(screen.getByText('2 of 4')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm flag' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === proctoringOps.decideFlag)?.args).toMatchObject({
        params: { id: 71 },
        body: { decision: 'confirmed', comment: '' },
      }),
    );
  });

  it('says so when the evidence is not in the session any more', async () => {
    open(999);
    expect(await screen.findByText(/not part of this learner’s session any more/)).toBeTruthy();
  });
});
