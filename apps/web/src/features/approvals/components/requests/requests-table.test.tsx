import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvalRequest } from '../../test-requests.ts';
import { RequestsTable } from './requests-table.tsx';

/** A phone: every `max-width` query matches, so the table gives way to stacked cards. */
function phone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
  }));
}
afterEach(() => vi.unstubAllGlobals());

const rows = [
  approvalRequest({ id: 1, level: 2, level_count: 3 }),
  approvalRequest({
    id: 2,
    subject: { id: 8, title: 'Fire drill', link: '/c/8' },
    abilities: { approve: false, reject: false, withdraw: false },
  }),
];

describe('RequestsTable on a phone', () => {
  it('stacks each request as a card with its level, status, selection and actions', () => {
    phone();
    const onOpen = vi.fn();
    const onApprove = vi.fn();
    const onSelectedChange = vi.fn();
    render(
      <MemoryRouter>
        <RequestsTable
          rows={rows}
          scope="to_approve"
          selectable
          selected={new Set()}
          onSelectedChange={onSelectedChange}
          onOpen={onOpen}
          onApprove={onApprove}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Requests' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('Course enrolment · level 2 of 3');
    expect(cards[0]!.textContent).toContain('Pending');
    expect(cards[0]!.textContent).toContain('Waiting on Ada Admin');
    // Only the request the caller may decide can be picked or approved from the list.
    expect(within(cards[1]!).queryByRole('checkbox')).toBeNull();
    expect(within(cards[1]!).queryByRole('button', { name: /^Approve/ })).toBeNull();

    fireEvent.click(within(cards[0]!).getByRole('checkbox'));
    expect(onSelectedChange).toHaveBeenCalledWith(new Set([1]));
    fireEvent.click(
      within(cards[0]!).getByRole('button', { name: 'Approve Safety 101 (Lee Learner)' }),
    );
    expect(onApprove).toHaveBeenCalledWith(rows[0]);
    // Neither opened the detail; the card itself does.
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(within(cards[1]!).getByText('Lee Learner'));
    expect(onOpen).toHaveBeenCalledWith(rows[1]);
  });
});
