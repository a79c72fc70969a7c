import { eventOps, type Operation, ROLE } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { call } from '../../../../shared/api/call.ts';
import { renderWithApp } from '../../test-render.tsx';
import { EventTypesPanel } from './event-types-panel.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

type Args = { body?: Record<string, unknown>; params?: { id: number } };
const sent: { op: Operation; args: Args }[] = [];
let list: () => Promise<unknown>;

beforeEach(() => {
  sent.length = 0;
  list = async () => [{ id: 3, name: 'Workshop', colour: '#aa3300' }];
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    sent.push({ op, args });
    if (op === eventOps.types) return list();
    if (op === eventOps.createType) {
      throw new ApiError({
        status: 409,
        message: 'An event type with this name already exists.',
        hasServerMessage: true,
        fieldErrors: { name: ['An event type with this name already exists.'] },
      });
    }
    if (op === eventOps.removeType) return undefined;
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('EventTypesPanel', () => {
  it('lists the types and shows a taken name on the name field', async () => {
    renderWithApp(<EventTypesPanel />, { roleId: ROLE.ADMIN });
    expect(await screen.findByText('Workshop')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add event type' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'workshop' },
    });
    fireEvent.change(within(dialog).getByLabelText('Colour'), { target: { value: '#00aa55' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('An event type with this name already exists.'),
    ).toBeTruthy();
    expect(sent.find((s) => s.op === eventOps.createType)?.args.body).toEqual({
      name: 'workshop',
      colour: '#00aa55',
    });
  });

  it('deletes a type after asking', async () => {
    renderWithApp(<EventTypesPanel />, { roleId: ROLE.ADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Workshop' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(sent.find((s) => s.op === eventOps.removeType)?.args.params).toEqual({ id: 3 }),
    );
  });

  it('says when the types cannot be had', async () => {
    list = async () => {
      throw new ApiError({ status: 0, message: 'Network error' });
    };
    renderWithApp(<EventTypesPanel />, { roleId: ROLE.ADMIN });
    expect(await screen.findByText('Could not get event types')).toBeTruthy();
  });
});
