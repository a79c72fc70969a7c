import { cpdOps, type Operation, ROLE, type TCpdScheme } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { call } from '../../../../shared/api/call.ts';
import { makeCategory, makeScheme } from '../../test-cpd.ts';
import { renderWithApp } from '../../test-render.tsx';
import { SchemePanel } from './scheme-panel.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));

let scheme: TCpdScheme | null;
let addCategory: (body: Record<string, unknown>) => Promise<unknown>;
const bodies: { op: Operation; body: unknown }[] = [];
beforeEach(() => {
  bodies.length = 0;
  scheme = null;
  addCategory = async (body) => makeCategory({ id: 9, ...body, entries: 0 });
  vi.mocked(call).mockImplementation((async (
    op: Operation,
    args: { body?: Record<string, unknown> } = {},
  ) => {
    if (op === cpdOps.scheme) return { scheme };
    if (op === cpdOps.categories) return [makeCategory()];
    if (op === cpdOps.saveScheme) {
      bodies.push({ op, body: args.body });
      scheme = makeScheme({ ...(args.body as Partial<TCpdScheme>), id: 7 });
      return { scheme };
    }
    if (op === cpdOps.addCategory) {
      bodies.push({ op, body: args.body });
      return addCategory(args.body ?? {});
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const render = async () => {
  renderWithApp(<SchemePanel />, { roleId: ROLE.ADMIN });
  return screen.findByRole('form', { name: 'CPD scheme' });
};

describe('SchemePanel', () => {
  it('saves a first scheme with its unit, cycle, target and carry-over', async () => {
    const form = await render();
    expect(within(form).getByText(/No scheme yet/)).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Annual CPD' },
    });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Unit' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Points' }));
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Target per cycle' }), {
      target: { value: '30' },
    });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Cycles start in' }));
    fireEvent.click(await screen.findByRole('option', { name: 'April' }));
    fireEvent.change(within(form).getByRole('spinbutton', { name: 'Carry-over at most' }), {
      target: { value: '5' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save scheme' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.body).toEqual({
      name: 'Annual CPD',
      unit: 'points',
      cycle_months: 12,
      start_month: 4,
      target: 30,
      carry_over_max: 5,
      evidence_required: true,
    });
    // Saved: the form is now the scheme in force.
    expect(await screen.findByText(/re-attributes every entry/)).toBeTruthy();
  });

  it('saves whether external CPD must come with evidence', async () => {
    scheme = makeScheme({ evidence_required: true });
    const form = await render();
    const evidence = within(form).getByRole('switch', {
      name: 'Evidence required for external CPD',
    }) as HTMLInputElement;
    expect(evidence.checked).toBe(true);
    fireEvent.click(evidence);
    fireEvent.click(within(form).getByRole('button', { name: 'Save scheme' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.body).toMatchObject({ name: 'Annual CPD', evidence_required: false });
    // Saved: the form starts over from the scheme in force, the switch off.
    await waitFor(() =>
      expect(
        (
          screen.getByRole('switch', {
            name: 'Evidence required for external CPD',
          }) as HTMLInputElement
        ).checked,
      ).toBe(false),
    );
  });

  it('refuses a target of zero before sending', async () => {
    scheme = makeScheme();
    const form = await render();
    const target = within(form).getByRole('spinbutton', { name: 'Target per cycle' });
    expect((target as HTMLInputElement).value).toBe('20');
    fireEvent.change(target, { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save scheme' }));
    expect(await within(form).findByText('The target must be above zero.')).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it('shows a duplicate category name (409) on the name field', async () => {
    addCategory = async () => {
      throw new ApiError({
        status: 409,
        message: 'A CPD category with this name already exists.',
        hasServerMessage: true,
        fieldErrors: { name: ['A CPD category with this name already exists.'] },
      });
    };
    await render();
    await screen.findByRole('table', { name: 'CPD categories' });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a category' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'formal' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /Minimum per cycle/ }), {
      target: { value: '4' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('A CPD category with this name already exists.'),
    ).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(bodies.at(-1)?.body).toEqual({ name: 'formal', minimum: 4 });
  });

  it('asks before deleting a category and says its entries stay', async () => {
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Formal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete category?' });
    expect(
      within(dialog).getByText(/Its 2 entries stay in the ledgers, uncategorised/),
    ).toBeTruthy();
  });
});
