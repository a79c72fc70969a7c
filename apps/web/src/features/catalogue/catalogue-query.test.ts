import { describe, expect, it } from 'vitest';
import {
  CARD_PAGE_SIZE,
  catalogueApiQuery,
  formatMinutes,
  isFiltered,
  languageName,
  pageCount,
  readCatalogueState,
  writeCatalogueState,
} from './catalogue-query.ts';

const read = (search: string) => readCatalogueState(new URLSearchParams(search), CARD_PAGE_SIZE);

describe('readCatalogueState', () => {
  it('gives the defaults for an empty URL', () => {
    expect(read('')).toEqual({
      search: '',
      category: null,
      level: '',
      language: '',
      tag: '',
      status: '',
      ordering: '-created_at',
      page: 1,
      pageSize: CARD_PAGE_SIZE,
    });
  });

  it('reads every filter', () => {
    expect(
      read(
        'search=fire&category=3&level=advanced&language=pt-BR&tag=safety&status=draft&ordering=title&page=2&page_size=50',
      ),
    ).toEqual({
      search: 'fire',
      category: 3,
      level: 'advanced',
      language: 'pt-BR',
      tag: 'safety',
      status: 'draft',
      ordering: 'title',
      page: 2,
      pageSize: 50,
    });
  });

  it('drops malformed values rather than sending them to the server', () => {
    const state = read(
      'category=abc&level=expert&status=gone&ordering=price&page=-1&page_size=1000',
    );
    expect(state).toMatchObject({
      category: null,
      level: '',
      status: '',
      ordering: '-created_at',
      page: 1,
    });
    expect(state.pageSize).toBe(100);
  });
});

describe('writeCatalogueState', () => {
  const write = (search: string, changes: Parameters<typeof writeCatalogueState>[2]) => {
    const params = new URLSearchParams(search);
    return writeCatalogueState(
      params,
      readCatalogueState(params, CARD_PAGE_SIZE),
      changes,
      CARD_PAGE_SIZE,
    ).toString();
  };

  it('leaves defaults out of the URL and keeps other params such as the tab', () => {
    expect(write('tab=cpd', { search: ' fire ', ordering: '-created_at' })).toBe(
      'tab=cpd&search=fire',
    );
  });

  it('goes back to page 1 when a filter changes', () => {
    expect(write('page=3&level=beginner', { level: 'advanced' })).toBe('level=advanced');
  });

  it('keeps the filters when only the page changes', () => {
    expect(write('level=beginner', { page: 4 })).toBe('level=beginner&page=4');
  });

  it('round-trips', () => {
    // A page given with the filters (a shared link) is kept.
    const url = write('', { category: 7, tag: 'health', status: 'pending', page: 2 });
    expect(url).toBe('category=7&tag=health&status=pending&page=2');
    expect(read(url)).toMatchObject({ category: 7, tag: 'health', status: 'pending', page: 2 });
  });
});

describe('catalogueApiQuery', () => {
  it('leaves empty filters out and lower-cases the tag', () => {
    const state = { ...read('tag=Safety&search=%20'), status: 'draft' as const };
    expect(catalogueApiQuery(state, true)).toEqual({
      search: undefined,
      category: undefined,
      level: undefined,
      language: undefined,
      tag: 'safety',
      status: 'draft',
      ordering: '-created_at',
      page: 1,
      page_size: CARD_PAGE_SIZE,
    });
  });

  it('never sends a status filter for learners', () => {
    expect(catalogueApiQuery(read('status=draft'), false).status).toBeUndefined();
  });
});

describe('helpers', () => {
  it('knows when a list is filtered', () => {
    expect(isFiltered(read('ordering=title&page=2'))).toBe(false);
    expect(isFiltered(read('language=en'))).toBe(true);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
  });

  it('formats minutes', () => {
    expect(formatMinutes(null)).toBeNull();
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(90)).toBe('1 h 30 min');
  });

  it('names languages and keeps unknown codes', () => {
    expect(languageName('en')).toBe('English');
    expect(languageName(null)).toBeNull();
    expect(languageName('!!')).toBe('!!');
  });
});
