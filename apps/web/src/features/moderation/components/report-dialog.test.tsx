import { moderationOps, type Operation } from '@atrium/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { ReportDialog } from './report-dialog.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

const calls: unknown[] = [];
let answer: () => unknown;

beforeEach(() => {
  calls.length = 0;
  vi.mocked(notifySuccess).mockClear();
  answer = () => ({ item: 3, message: 'Thank you.' });
  vi.mocked(call).mockImplementation((async (op: Operation, args: { body?: unknown } = {}) => {
    if (op !== moderationOps.report) throw new Error(`unexpected ${op.method} ${op.path}`);
    calls.push(args.body);
    return answer();
  }) as unknown as typeof call);
});

function open(onClose = vi.fn()) {
  renderWithApp(<ReportDialog open onClose={onClose} kind="wall_post" id={12} what="post" />);
  return onClose;
}

describe('ReportDialog', () => {
  it('asks for a reason, sends it with the note, thanks and closes', async () => {
    const onClose = open();
    expect(screen.getByRole('dialog', { name: 'Report this post' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Choose a reason.')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'Harassment or bullying' }));
    fireEvent.change(screen.getByLabelText('Note for the moderators (optional)'), {
      target: { value: '  Third time this week ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([
      { kind: 'wall_post', id: 12, reason: 'harassment', note: 'Third time this week' },
    ]);
    expect(notifySuccess).toHaveBeenCalledWith('Thank you. The moderators will look at it.');
  });

  it('shows the server’s 409 when the person already reported it, and stays open', async () => {
    answer = () => {
      throw new ApiError({
        status: 409,
        message: 'You have already reported this. The moderators will look at it.',
      });
    };
    const onClose = open();
    fireEvent.click(screen.getByRole('radio', { name: 'Spam' }));
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(
      await screen.findByText('You have already reported this. The moderators will look at it.'),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(calls).toEqual([{ kind: 'wall_post', id: 12, reason: 'spam' }]);
  });

  it('cancels without a call', () => {
    const onClose = open();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toEqual([]);
  });
});
