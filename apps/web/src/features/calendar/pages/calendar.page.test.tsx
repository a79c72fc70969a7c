import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { PageAvailability } from '../../../shared/navigation/page-availability.ts';
import { type FakeCalendar, fakeCalendar, makeItem } from '../test-calendar.ts';
import { renderWithApp } from '../test-render.tsx';
import CalendarPage from './calendar.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

const ITEMS = [
  makeItem(),
  makeItem({
    id: 'course:3',
    kind: 'course_due',
    title: 'Fire safety basics',
    starts_at: '2026-12-10T00:00:00.000Z',
    ends_at: '2026-12-11T00:00:00.000Z',
    all_day: true,
    link: '/course-module/3',
    location: null,
  }),
];

let fake: FakeCalendar;
beforeEach(() => {
  fake = fakeCalendar(ITEMS);
});

const open = (search: string, hasPage: (link: string) => boolean = () => true) =>
  renderWithApp(
    <PageAvailability value={hasPage}>
      <CalendarPage />
    </PageAvailability>,
    { path: '/calendar', url: `/calendar?${search}` },
  );

describe('CalendarPage', () => {
  it('shows the items of the month in the URL, fetching only that month’s weeks', async () => {
    open('view=month&date=2026-12-01');
    expect(await screen.findByRole('button', { name: 'Safety workshop (Events)' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Fire safety basics (Course due dates)' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /December 2026/ })).toBeTruthy();
    const [query] = fake.queries;
    expect(query?.kinds).toBeUndefined();
    // Sunday 29 November to Sunday 3 January, local days.
    expect(query?.from).toBe(new Date(2026, 10, 29).toISOString());
    expect(query?.to).toBe(new Date(2027, 0, 3).toISOString());
  });

  it('switching a kind off refetches without it, and remembers it', async () => {
    const view = open('view=month&date=2026-12-01');
    await screen.findByRole('button', { name: 'Safety workshop (Events)' });
    const chip = screen.getByRole('button', { name: 'Events' });
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chip);
    await waitFor(() => expect(fake.queries.at(-1)?.kinds).toBe('course_due,classroom_session'));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Safety workshop (Events)' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: /Fire safety basics/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Events' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    view.unmount();

    // Next visit: still off.
    fake.queries.length = 0;
    open('view=month&date=2026-12-01');
    await screen.findByRole('button', { name: /Fire safety basics/ });
    expect(fake.queries.every((q) => q.kinds === 'course_due,classroom_session')).toBe(true);
    expect(screen.queryByRole('button', { name: /Safety workshop/ })).toBeNull();
  });

  it('with every kind off it asks for nothing and says the period is empty', async () => {
    open('view=week&date=2026-12-09');
    await screen.findByRole('button', { name: /Safety workshop/ });
    for (const name of ['Course due dates', 'Events', 'My classroom sessions']) {
      fireEvent.click(screen.getByRole('button', { name }));
    }
    expect(await screen.findByText('Nothing scheduled in this period')).toBeTruthy();
    expect(fake.queries.every((q) => q.kinds !== '')).toBe(true);
    expect(screen.queryByRole('button', { name: /Safety workshop/ })).toBeNull();
  });

  it('moves to the next month in the URL and fetches that range', async () => {
    const { router } = open('view=month&date=2026-12-01');
    await screen.findByRole('button', { name: /Safety workshop/ });
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/date=2027-01-01/));
    expect(router.state.location.search).toMatch(/view=month/);
    await waitFor(() =>
      expect(fake.queries.at(-1)?.from).toBe(new Date(2026, 11, 27).toISOString()),
    );
    expect(await screen.findByText('Nothing scheduled in this period')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/view=week/));
    await waitFor(() =>
      expect(fake.queries.at(-1)?.from).toBe(new Date(2026, 11, 27).toISOString()),
    );
    expect(fake.queries.at(-1)?.to).toBe(new Date(2027, 0, 3).toISOString());
  });

  it('opens an item’s details, with Open only when the app has its page', async () => {
    open('view=month&date=2026-12-01', (link) => !link.startsWith('/cpd'));
    fireEvent.click(await screen.findByRole('button', { name: 'Safety workshop (Events)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Safety workshop' });
    expect(within(dialog).getByText('Events')).toBeTruthy();
    expect(within(dialog).getByText('Room 4')).toBeTruthy();
    expect(within(dialog).getByText(/2026/)).toBeTruthy();
    expect(within(dialog).queryByRole('link', { name: 'Open' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: /Fire safety basics/ }));
    dialog = await screen.findByRole('dialog', { name: 'Fire safety basics' });
    expect(within(dialog).getByText(/all day/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(
      '/course-module/3',
    );
  });

  it('opens a week grid’s item from the keyboard', async () => {
    open('view=week&date=2026-12-09');
    const item = await screen.findByRole('button', { name: /Safety workshop.*\(Events\)/ });
    expect(item.tabIndex).toBe(0);
    expect(item.querySelector('button')).toBeNull();
    fireEvent.keyDown(item, { key: 'Enter' });
    expect(await screen.findByRole('dialog', { name: 'Safety workshop' })).toBeTruthy();
  });

  it('shows the error with a retry that loads the calendar', async () => {
    fake.fail.items = new ApiError({ status: 500, message: 'Boom', hasServerMessage: false });
    open('view=agenda&date=2026-12-01');
    expect(await screen.findByText('Could not get the calendar.')).toBeTruthy();
    fake.fail.items = undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: /Safety workshop/ })).toBeTruthy();
    expect(screen.queryByText('Could not get the calendar.')).toBeNull();
  });

  it('names the kinds the server could not read this time', async () => {
    fake.unavailable = ['classroom_session'];
    open('view=agenda&date=2026-12-01');
    expect(
      await screen.findByText(/could not be loaded this time: My classroom sessions/),
    ).toBeTruthy();
  });

  it('opens on the agenda on a phone', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    try {
      open('date=2026-12-01');
      expect(await screen.findByRole('button', { name: /Safety workshop/ })).toBeTruthy();
      expect(document.querySelector('.rbc-agenda-view')).not.toBeNull();
      expect(screen.getByRole('combobox', { name: 'View' }).textContent).toBe('Agenda');
      const query = fake.queries[0];
      expect(query?.from).toBe(new Date(2026, 11, 1).toISOString());
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('Subscribe', () => {
  const openFeed = async () => {
    open('view=agenda&date=2026-12-01');
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    return screen.findByRole('dialog', { name: 'Subscribe to your calendar' });
  };

  it('creates the feed URL, shows it once with a copy button, and revokes it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    try {
      const dialog = await openFeed();
      expect(await within(dialog).findByText('You have no feed URL yet.')).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create feed URL' }));
      const field = await within(dialog).findByRole('textbox', { name: 'Feed URL' });
      expect((field as HTMLInputElement).value).toBe(
        'https://atrium.example/api/calendar/feed/secret-1.ics',
      );
      expect(within(dialog).getByText(/shown only once/)).toBeTruthy();
      expect(within(dialog).getByText(/Subscribe from web/)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy feed URL' }));
      expect(await within(dialog).findByText('Copied to the clipboard.')).toBeTruthy();
      expect(writeText).toHaveBeenCalledWith(
        'https://atrium.example/api/calendar/feed/secret-1.ics',
      );

      fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
      const confirm = await screen.findByRole('dialog', { name: 'Revoke the feed URL?' });
      fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
      await waitFor(() => expect(fake.revoked).toBe(1));
      expect(await within(dialog).findByText('You have no feed URL yet.')).toBeTruthy();
      expect(within(dialog).queryByRole('textbox', { name: 'Feed URL' })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('says since when a feed URL exists and replaces it after a warning', async () => {
    fake.feed = { exists: true, created_at: '2026-11-02T10:00:00.000Z' };
    const dialog = await openFeed();
    expect(await within(dialog).findByText(/You have a feed URL, created .*2026/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Create feed URL' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    const confirm = await screen.findByRole('dialog', { name: 'Replace the feed URL?' });
    expect(within(confirm).getByText(/current one stops working/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Replace' }));
    const field = await within(dialog).findByRole('textbox', { name: 'Feed URL' });
    expect((field as HTMLInputElement).value).toMatch(/secret-1\.ics$/);
    expect(fake.created).toBe(1);
  });
});
