import { journalOps, type Operation } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { LINKS, makeEntry, page } from '../test-journals.ts';
import { JournalCard } from './journal-card.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

type Args = { params?: { id: number }; query?: Record<string, unknown>; body?: unknown };
let entries = [makeEntry()];
let save: (body: unknown) => Promise<unknown>;
const calls: { op: Operation; args: Args }[] = [];

beforeEach(() => {
  calls.length = 0;
  entries = [makeEntry()];
  save = async (body) => makeEntry({ ...(body as object), course: null });
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    calls.push({ op, args });
    if (op === journalOps.journal) return page(entries);
    if (op === journalOps.journalLinks) return LINKS;
    if (op === journalOps.createJournal || op === journalOps.updateJournal) return save(args.body);
    if (op === journalOps.removeJournal) return null;
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('JournalCard', () => {
  it('shows my entries with what they are about and whether they are shared', async () => {
    renderWithApp(<JournalCard />);
    const list = await screen.findByRole('list', { name: 'Journal entries' });
    expect(within(list).getByText('Week one')).toBeTruthy();
    expect(within(list).getByText(/Safety basics/)).toBeTruthy();
    expect(within(list).getByText('Shared')).toBeTruthy();
    expect(within(list).getByText('Learnt a lot')).toBeTruthy();
    expect(within(list).getByText('Quizzes')).toBeTruthy();
  });

  it('says so when the journal is empty', async () => {
    entries = [];
    renderWithApp(<JournalCard />);
    expect(await screen.findByText(/No entries yet/)).toBeTruthy();
  });

  it('edits an entry, with the server’s field errors under the fields', async () => {
    save = async () => {
      throw new ApiError({
        status: 400,
        message: 'Invalid',
        fieldErrors: { course_id: ['Choose a course you are enrolled in.'] },
      });
    };
    renderWithApp(<JournalCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Week one' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit journal entry' });
    expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      'Week one',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save entry' }));
    expect(await within(dialog).findByText('Choose a course you are enrolled in.')).toBeTruthy();

    save = async (body) => makeEntry(body as object);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Week 1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save entry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((c) => c.op === journalOps.updateJournal).at(-1)!.args;
    expect(sent.params).toEqual({ id: 7 });
    expect(sent.body).toMatchObject({
      title: 'Week 1',
      course_id: 3,
      session_id: null,
      visibility: 'shared_with_trainer',
    });
  });

  it('refuses a blank title before asking the server, and deletes after confirming', async () => {
    renderWithApp(<JournalCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'New entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'New journal entry' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(await within(dialog).findByText('This field may not be blank.')).toBeTruthy();
    expect(calls.some((c) => c.op === journalOps.createJournal)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete Week one' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this entry?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.op === journalOps.removeJournal)?.args.params).toEqual({ id: 7 }),
    );
  });
});
