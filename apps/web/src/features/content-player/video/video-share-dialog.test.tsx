import { type Operation, type TVideoShare, videoShareOps } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { VideoShareDialog } from './video-share-dialog.tsx';

vi.mock('../../../shared/api/call.ts', async (orig) => ({
  ...(await orig<typeof import('../../../shared/api/call.ts')>()),
  call: vi.fn(),
}));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

const share = (over: Partial<TVideoShare> = {}): TVideoShare => ({
  id: 1,
  file: 7,
  course: 3,
  course_title: 'Fire Safety',
  created_at: '2026-05-01T10:00:00Z',
  expires_at: null,
  revoked_at: null,
  active: true,
  ...over,
});

let list: TVideoShare[];
let createAnswer: () => unknown;
const calls: { op: Operation; args: Record<string, unknown> }[] = [];
beforeEach(() => {
  calls.length = 0;
  list = [share(), share({ id: 2, revoked_at: '2026-05-02T10:00:00Z', active: false })];
  createAnswer = () => ({
    ...share({ id: 9 }),
    token: 'T'.repeat(43),
    url: `/hls?share=${'T'.repeat(43)}`,
  });
  vi.mocked(call).mockImplementation((async (op: Operation, args: Record<string, unknown>) => {
    calls.push({ op, args });
    if (op === videoShareOps.shareList) return list;
    if (op === videoShareOps.shareCreate) return createAnswer();
    if (op === videoShareOps.shareRevoke) {
      list = list.map((s) =>
        s.id === 1 ? { ...s, revoked_at: '2026-06-01T00:00:00Z', active: false } : s,
      );
      return list[0];
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const open = () =>
  renderWithApp(
    <VideoShareDialog fileId={7} courseId={3} name="intro.mp4" open onClose={() => {}} />,
  );

describe('VideoShareDialog', () => {
  it('lists the links with their state, and revokes an active one', async () => {
    open();
    const links = await screen.findByRole('list', { name: 'Share links' });
    expect(within(links).getByText('Active')).toBeTruthy();
    expect(within(links).getByText('Revoked')).toBeTruthy();
    const revoke = within(links).getAllByRole('button', { name: 'Revoke' });
    expect(revoke).toHaveLength(1);
    fireEvent.click(revoke[0]!);
    // Nothing is revoked until the person confirms.
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    expect(calls.some((c) => c.op === videoShareOps.shareRevoke)).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(links).queryByRole('button', { name: 'Revoke' })).toBeNull());
    expect(calls.find((c) => c.op === videoShareOps.shareRevoke)?.args.params).toEqual({ id: 1 });
    expect(notifySuccess).toHaveBeenCalledWith('Link revoked.');
  });

  it('creates a link for the course with an optional expiry, and shows it once to copy', async () => {
    open();
    await screen.findByRole('list', { name: 'Share links' });
    fireEvent.change(screen.getByLabelText(/Expires/), { target: { value: '2030-01-02T03:04' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const field = (await screen.findByLabelText('Share link')) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/hls?share=${'T'.repeat(43)}`);
    expect(screen.getByText(/shown only once/)).toBeTruthy();
    const created = calls.find((c) => c.op === videoShareOps.shareCreate);
    expect(created?.args.params).toEqual({ id: 7 });
    expect(created?.args.body).toEqual({
      course: 3,
      expires_at: new Date('2030-01-02T03:04').toISOString(),
    });
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('shows an empty list and a refusal', async () => {
    list = [];
    createAnswer = () => {
      throw new ApiError({
        status: 409,
        message: 'Only a video that has finished converting can be shared.',
      });
    };
    open();
    expect(await screen.findByText('No links yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText(/finished converting/)).toBeTruthy();
  });
});
