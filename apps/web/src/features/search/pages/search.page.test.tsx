import { searchOps } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { fakeSearch, makeGroup, makeHit } from '../test-fakes.ts';
import SearchPage from './search.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

const render = (url: string) => renderWithApp(<SearchPage />, { path: '/search', url });

const courses = Array.from({ length: 25 }, (_, i) =>
  makeHit({
    id: `course:${i + 1}`,
    item_id: i + 1,
    title: `Fire course ${i + 1}`,
    title_highlight: [
      { text: 'Fire', match: true },
      { text: ` course ${i + 1}`, match: false },
    ],
    href: `/courses/course-detail/${i + 1}`,
  }),
);

describe('SearchPage', () => {
  it('asks for two characters before searching', async () => {
    const fake = fakeSearch({});
    render('/search?q=f');
    expect(await screen.findByText(/Type at least 2 characters/)).toBeTruthy();
    expect(fake.of(searchOps.overview)).toEqual([]);
  });

  it('says there is nothing for the words, with suggestions', async () => {
    fakeSearch({ groups: [] });
    render('/search?q=zebra');
    expect(await screen.findByRole('heading', { name: 'No results for “zebra”' })).toBeTruthy();
    expect(screen.getByText(/Check the spelling/)).toBeTruthy();
  });

  it('shows each kind\'s best results, notes unavailable kinds, and "Show all N" switches to pages of that kind', async () => {
    const fake = fakeSearch({
      groups: [makeGroup({ count: 25, results: courses.slice(0, 5) })],
      unavailable: ['discussion'],
      byKind: { course: courses },
    });
    const { router } = render('/search?q=fire');
    const section = await screen.findByRole('region', { name: 'Courses' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
    expect(within(section).getByText('25 results')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Fire course 1' }).getAttribute('href')).toBe(
      '/courses/course-detail/1',
    );
    expect(section.querySelector('mark')?.textContent).toBe('Fire');
    expect(screen.getByRole('alert').textContent).toMatch(/Discussions could not be searched/);

    fireEvent.click(within(section).getByRole('button', { name: 'Show all 25' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=fire&kind=course'));
    const list = await screen.findByRole('region', { name: 'Courses' });
    await within(list).findByRole('link', { name: 'Fire course 20' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Courses' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(fake.of(searchOps.byKind).at(-1)).toMatchObject({
      params: { kind: 'course' },
      query: { q: 'fire', page: 1, page_size: 20 },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=fire&kind=course&page=2'));
    expect(await within(list).findByRole('link', { name: 'Fire course 25' })).toBeTruthy();
    expect(within(list).getByText('21–25 of 25')).toBeTruthy();

    // The "All" chip goes back to the groups, and drops the page.
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=fire'));
  });

  it('a kind with nothing offers to search everything', async () => {
    fakeSearch({ byKind: { discussion: [] } });
    const { router } = render('/search?q=fire&kind=discussion');
    expect(
      await screen.findByRole('heading', { name: 'No results for “fire” in discussions' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Search everything' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=fire'));
  });

  it("shows the server's message with Retry when the search fails", async () => {
    fakeSearch({ fail: true });
    render('/search?q=fire');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
