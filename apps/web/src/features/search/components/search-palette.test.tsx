import { searchOps, todoOps } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { fakeSearch, makeGroup, makeHit, makeTodo } from '../test-fakes.ts';
import { SearchBox } from './search-box.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

const render = () =>
  renderWithApp(
    <>
      <input aria-label="Elsewhere field" />
      <SearchBox />
    </>,
    { path: '/dashboard', url: '/dashboard' },
  );

const openWithCtrlK = async () => {
  fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
  return screen.findByRole('combobox', { name: 'Search' });
};

describe('SearchPalette', () => {
  it('opens on Ctrl-K (and ⌘-K) anywhere, on "/" outside a text field, and focuses the box', async () => {
    fakeSearch({});
    render();
    expect(screen.queryByRole('dialog')).toBeNull();
    const box = await openWithCtrlK();
    await waitFor(() => expect(document.activeElement).toBe(box));
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // "/" typed into a field is a character, not the shortcut.
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Elsewhere field' }), { key: '/' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.keyDown(document.body, { key: 'K', metaKey: true });
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeTruthy();
  });

  it('asks nothing below two characters, then groups to-do first and marks the matched words', async () => {
    const fake = fakeSearch({
      todo: [makeTodo()],
      groups: [
        makeGroup({
          results: [
            makeHit({
              snippet: [
                { text: 'Listening and ', match: false },
                { text: '<b>communication</b>', match: true },
              ],
            }),
          ],
        }),
      ],
    });
    render();
    const box = await openWithCtrlK();
    fireEvent.change(box, { target: { value: 'c' } });
    expect(await screen.findByText('Type at least 2 characters to search.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'comunication' } });
    const listbox = screen.getByRole('listbox', { name: 'Search results' });
    const groups = await within(listbox).findAllByRole('group');
    const groupName = (g: HTMLElement) =>
      document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent;
    expect(groups.map(groupName)).toEqual(['To do', 'Courses']);
    expect(fake.of(searchOps.overview)).toEqual([
      { query: { q: 'comunication' }, signal: expect.anything() },
    ]);
    expect(fake.of(todoOps.list)[0]?.query).toEqual({ search: 'comunication', page_size: 5 });
    // Only the debounced words were asked for, never "c".
    expect(fake.of(searchOps.overview)).toHaveLength(1);

    const course = within(groups[1]!).getByRole('option');
    const marks = Array.from(course.querySelectorAll('mark')).map((m) => m.textContent);
    expect(marks).toEqual(['Communication', '<b>communication</b>']);
    // The fragment's "<b>" is text on screen, not an element.
    expect(course.querySelector('b')).toBeNull();
  });

  it('moves through every result with the arrows, wraps, and Enter opens the active one', async () => {
    fakeSearch({
      todo: [makeTodo()],
      groups: [
        makeGroup({
          count: 2,
          results: [
            makeHit(),
            makeHit({
              id: 'course:2',
              item_id: 2,
              href: '/courses/course-detail/2',
              title: 'Fire Safety Essentials',
              title_highlight: [],
            }),
          ],
        }),
      ],
    });
    const { router } = render();
    const box = await openWithCtrlK();
    fireEvent.change(box, { target: { value: 'communication' } });
    await screen.findByRole('option', { name: /Fire Safety Essentials/ });
    const options = screen.getAllByRole('option');
    // To do, two courses, then "See all results".
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringContaining('Effective Communication'),
      expect.stringContaining('Effective Communication'),
      expect.stringContaining('Fire Safety Essentials'),
      'See all results for “communication”',
    ]);
    const active = () => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');
    expect(active()).toBe(options[0]);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(active()).toBe(options[2]);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(active()).toBe(options[0]);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(active()).toBe(options[3]);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/course-detail/2'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('"See all results" opens /search with the words', async () => {
    fakeSearch({ groups: [] });
    const { router } = render();
    const box = await openWithCtrlK();
    fireEvent.change(box, { target: { value: 'zebra crossing' } });
    expect(await screen.findByText(/No results for “zebra crossing”/)).toBeTruthy();
    fireEvent.click(screen.getByRole('option', { name: /See all results/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=zebra+crossing');
  });

  it('says when the search fails, and retries', async () => {
    fakeSearch({ fail: true });
    render();
    const box = await openWithCtrlK();
    fireEvent.change(box, { target: { value: 'fire' } });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
