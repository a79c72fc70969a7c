import { COUNT_CAP, MAX_PAGE_SIZE, ZPageQuery } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { boundedCount, pageBounds, toPage } from './pagination.ts';

describe('page query', () => {
  it('defaults to the first page of 20', () => {
    expect(ZPageQuery.parse({})).toEqual({ page: 1, page_size: 20 });
  });
  it('coerces query-string numbers and bounds the page size', () => {
    expect(ZPageQuery.parse({ page: '3', page_size: '50' })).toEqual({ page: 3, page_size: 50 });
    expect(ZPageQuery.safeParse({ page_size: String(MAX_PAGE_SIZE + 1) }).success).toBe(false);
    expect(ZPageQuery.safeParse({ page: '0' }).success).toBe(false);
  });
  it('turns a page into limit and offset', () => {
    expect(pageBounds({ page: 3, page_size: 25 })).toEqual({ limit: 25, offset: 50 });
  });
});

describe('toPage', () => {
  it('links the next and previous pages keeping the other filters', () => {
    const page = toPage(
      '/api/things/?search=x&page=2&page_size=10',
      { page: 2, page_size: 10 },
      35,
      ['a'],
    );
    expect(page).toEqual({
      count: 35,
      next: '/api/things/?search=x&page=3&page_size=10',
      previous: '/api/things/?search=x&page_size=10',
      results: ['a'],
    });
  });
  it('has no next on the last page and no previous on the first', () => {
    expect(toPage('/api/things/', { page: 1, page_size: 10 }, 10, [])).toMatchObject({
      next: null,
      previous: null,
    });
  });
  it('points a page past the end back to the last real page', () => {
    expect(toPage('/x/?page=9', { page: 9, page_size: 10 }, 25, [])).toMatchObject({
      next: null,
      previous: '/x/?page=3',
    });
  });
});

describe('bounded counts', () => {
  it('is exact up to the cap and capped past it', () => {
    expect(boundedCount(COUNT_CAP)).toEqual({ count: COUNT_CAP, capped: false });
    expect(boundedCount(COUNT_CAP + 1)).toEqual({ count: COUNT_CAP, capped: true });
  });
  it('past the cap, a full page links a next page and a short one does not', () => {
    const capped = boundedCount(COUNT_CAP + 1);
    const full = toPage('/api/x/?page=600', { page: 600, page_size: 2 }, capped, ['a', 'b']);
    expect(full).toEqual({
      count: COUNT_CAP,
      count_capped: true,
      next: '/api/x/?page=601',
      previous: '/api/x/?page=599',
      results: ['a', 'b'],
    });
    expect(toPage('/api/x/?page=601', { page: 601, page_size: 2 }, capped, ['c']).next).toBeNull();
  });
});
