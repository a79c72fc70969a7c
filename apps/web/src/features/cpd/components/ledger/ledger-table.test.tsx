import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PageAvailability } from '../../../../shared/navigation/page-availability.ts';
import { makeEntry, pendingExternal } from '../../test-cpd.ts';
import { renderWithApp } from '../../test-render.tsx';
import { LedgerTable } from './ledger-table.tsx';

const entries = [
  makeEntry({ id: 21, title: 'Fire safety webinar', source_link: '/cpd?event=12' }),
  makeEntry({
    id: 23,
    title: 'Manual handling course',
    source_kind: 'course',
    source_link: '/courses/course-detail/7',
  }),
  pendingExternal(),
];

/** The app has a page for /cpd, not (yet) for the courses. */
const built = (link: string) => link.startsWith('/cpd');

const render = () =>
  renderWithApp(
    <PageAvailability value={built}>
      <LedgerTable
        entries={entries}
        readOnly={false}
        downloading={null}
        onDownload={vi.fn()}
        onWithdraw={vi.fn()}
      />
    </PageAvailability>,
  );

describe('LedgerTable', () => {
  it('links an entry’s title to what earned it when the app has that page', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'CPD entries' });
    const link = within(table).getByRole('link', { name: 'Fire safety webinar' });
    expect(link.getAttribute('href')).toBe('/cpd?event=12');
  });

  it('names the entry as plain text when its page is not built or it has none', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'CPD entries' });
    expect(within(table).getByText('Manual handling course')).toBeTruthy();
    expect(within(table).queryByRole('link', { name: 'Manual handling course' })).toBeNull();
    // External CPD has no page of its own.
    expect(within(table).getByText('First aid course')).toBeTruthy();
    expect(within(table).queryByRole('link', { name: 'First aid course' })).toBeNull();
    expect(within(table).getAllByRole('link')).toHaveLength(1);
  });
});
