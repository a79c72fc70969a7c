import { journalOps, type Operation } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { makeEntry, page } from '../test-journals.ts';
import { SharedJournalCard } from './shared-journal-card.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

type Args = { query?: Record<string, unknown> };
let entries = [makeEntry({ abilities: { edit: false, delete: false } })];
const queries: Record<string, unknown>[] = [];

beforeEach(() => {
  queries.length = 0;
  entries = [makeEntry({ abilities: { edit: false, delete: false } })];
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    if (op === journalOps.sharedJournal) {
      queries.push(args.query ?? {});
      return page(entries);
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

describe('SharedJournalCard', () => {
  it('lists the entries shared with me, with their author, read-only', async () => {
    renderWithApp(<SharedJournalCard />);
    const list = await screen.findByRole('list', { name: 'Shared journal entries' });
    expect(within(list).getByText('Week one')).toBeTruthy();
    expect(within(list).getByText(/Lee Learner ·/)).toBeTruthy();
    expect(within(list).getByText('Learnt a lot')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Edit Week one' })).toBeNull();
    expect(within(list).queryByRole('button', { name: 'Delete Week one' })).toBeNull();
  });

  it('searches from the first page, and says when nothing matches', async () => {
    renderWithApp(<SharedJournalCard />);
    await screen.findByRole('list', { name: 'Shared journal entries' });
    entries = [];
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search shared entries' }), {
      target: { value: 'quiz' },
    });
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ search: 'quiz', page: 1 }));
    expect(await screen.findByText('No shared entry matches your search.')).toBeTruthy();
  });

  it('says so when nobody has shared anything', async () => {
    entries = [];
    renderWithApp(<SharedJournalCard />);
    expect(await screen.findByText('Nobody has shared an entry yet.')).toBeTruthy();
  });
});
