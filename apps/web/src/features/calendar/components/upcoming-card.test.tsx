import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageAvailability } from '../../../shared/navigation/page-availability.ts';
import { type FakeCalendar, fakeCalendar, makeItem } from '../test-calendar.ts';
import { renderWithApp } from '../test-render.tsx';
import { UpcomingCard } from './upcoming-card.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

const at = (day: number, hour: number) => new Date(2026, 11, day, hour).toISOString();

let fake: FakeCalendar;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 11, 7, 12, 0));
  fake = fakeCalendar();
});
afterEach(() => {
  vi.useRealTimers();
});

const render = (hasPage: (link: string) => boolean = () => true) =>
  renderWithApp(
    <PageAvailability value={hasPage}>
      <UpcomingCard />
    </PageAvailability>,
  );

describe('UpcomingCard', () => {
  it('says when the next seven days are empty, and links to the calendar', async () => {
    render();
    expect(await screen.findByText('Nothing scheduled in the next 7 days.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open calendar' }).getAttribute('href')).toBe(
      '/calendar',
    );
    const [counts] = fake.countsQueries;
    expect(counts?.from).toBe(new Date(2026, 11, 7).toISOString());
    expect(counts?.to).toBe(new Date(2026, 11, 14).toISOString());
    expect(counts?.time_zone).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('counts the week per kind and lists the next five items still to come', async () => {
    fake.items = [
      makeItem({ id: 'past', title: 'Morning stand-up', starts_at: at(7, 8), ends_at: at(7, 9) }),
      ...[8, 9, 10, 11, 12, 13].map((day) =>
        makeItem({
          id: `e${day}`,
          title: `Workshop ${day}`,
          starts_at: at(day, 9),
          ends_at: at(day, 10),
          link: `/cpd?event=${day}`,
        }),
      ),
      makeItem({
        id: 'course:3',
        kind: 'course_due',
        title: 'Fire safety basics',
        starts_at: '2026-12-08T00:00:00.000Z',
        ends_at: '2026-12-09T00:00:00.000Z',
        all_day: true,
        link: '/course-module/3',
      }),
    ];
    // Events have no page yet: their titles are plain text.
    render((link) => !link.startsWith('/cpd'));
    const card = await screen.findByRole('region', { name: 'Coming up' });
    expect(await within(card).findByText('8')).toBeTruthy();
    expect(within(card).getByText('items in the next 7 days')).toBeTruthy();
    expect(within(card).getByText('Course due dates: 1')).toBeTruthy();
    expect(within(card).getByText('Events: 7')).toBeTruthy();

    const next = within(card).getByRole('list', { name: 'Next up' });
    const titles = within(next)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('a, p')?.textContent);
    // The stand-up is over; the rest in order, five of them.
    expect(titles).toEqual([
      'Fire safety basics',
      'Workshop 8',
      'Workshop 9',
      'Workshop 10',
      'Workshop 11',
    ]);
    expect(
      within(next).getByRole('link', { name: 'Fire safety basics' }).getAttribute('href'),
    ).toBe('/course-module/3');
    expect(within(next).queryByRole('link', { name: 'Workshop 8' })).toBeNull();
    expect(
      within(next).getByText(/^Tue,? 8 Dec · Course due dates$|^Tue,? Dec 8 · Course due dates$/),
    ).toBeTruthy();
    expect(within(next).getAllByText(/· Events$/)).toHaveLength(4);
  });
});
