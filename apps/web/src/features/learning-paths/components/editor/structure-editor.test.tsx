import { learningPathOps, type Operation } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../shared/api/api-error.ts';
import { call } from '../../../../shared/api/call.ts';
import { makeDetail } from '../../test-paths.ts';
import { renderWithApp } from '../../test-render.tsx';
import { StructureEditor } from './structure-editor.tsx';

vi.mock('../../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));
// The graph draws with xyflow, which measures the page; jsdom has no layout to measure.
vi.mock('./prerequisite-graph.tsx', () => ({ default: () => <p>Graph</p> }));

type Args = { params?: Record<string, unknown>; body?: unknown };
const calls: { op: Operation; args: Args }[] = [];
let structureAnswer: 'ok' | 'cycle';

beforeEach(() => {
  calls.length = 0;
  structureAnswer = 'ok';
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === learningPathOps.structure) {
      if (structureAnswer === 'cycle') {
        throw new ApiError({
          status: 400,
          message: 'The structure was refused.',
          hasServerMessage: true,
          fieldErrors: {
            items: ['These courses require each other: Safety basics → Fire drill → Safety basics'],
          },
        });
      }
      return makeDetail();
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const editable = () => makeDetail({ abilities: { edit: true, manage: true } as never });
const sentBodies = () =>
  calls.filter((c) => c.op === learningPathOps.structure).map((c) => c.args.body);

describe('StructureEditor', () => {
  it('sends the reordered structure, prerequisites named by course', async () => {
    renderWithApp(<StructureEditor detail={editable()} />);
    const list = screen.getByRole('list', { name: 'Courses of the path' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const save = screen.getByRole('button', { name: 'Save structure' });
    expect(save).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Move First aid up' }));
    fireEvent.click(screen.getByRole('switch', { name: /Strict sequence/ }));
    fireEvent.click(save);

    await waitFor(() => expect(sentBodies()).toHaveLength(1));
    expect(calls[0]?.args.params).toEqual({ id: 1 });
    expect(sentBodies()[0]).toEqual({
      strict_sequence: true,
      electives: [],
      items: [
        { course: 102, elective: null, requires: [] },
        { course: 101, elective: null, requires: [] },
        { course: 103, elective: null, requires: [101, 102] },
      ],
    });
  });

  it('shows a cycle the server refuses and keeps the draft as it was', async () => {
    structureAnswer = 'cycle';
    renderWithApp(<StructureEditor detail={editable()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove First aid' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save structure' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The structure was not saved');
    expect(alert.textContent).toContain(
      'These courses require each other: Safety basics → Fire drill → Safety basics',
    );
    // Nothing lost: First aid is still removed, and Save can be pressed again.
    const list = screen.getByRole('list', { name: 'Courses of the path' });
    expect(within(list).queryByText(/First aid/)).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Save structure' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('offers no editing to whoever may not edit the path', () => {
    renderWithApp(<StructureEditor detail={makeDetail()} />);
    expect(screen.queryByRole('button', { name: 'Save structure' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Move/ })).toBeNull();
  });
});
