import { describe, expect, it } from 'vitest';
import { pageCountProps } from './page-count.ts';

describe('pageCountProps', () => {
  it('passes an exact count through', () => {
    expect(pageCountProps({ count: 35, next: null })).toEqual({ count: 35 });
    expect(pageCountProps(undefined)).toEqual({ count: 0 });
  });
  it('past the cap: unknown total, "more than" label, Next from the next link', () => {
    const props = pageCountProps({ count: 10000, count_capped: true, next: null });
    expect(props.count).toBe(-1);
    expect(props.labelDisplayedRows?.({ from: 21, to: 40 })).toBe('21–40 of more than 10,000');
    expect(props.slotProps?.actions.nextButton.disabled).toBe(true);
    const more = pageCountProps({ count: 10000, count_capped: true, next: '/api/x/?page=3' });
    expect(more.slotProps?.actions.nextButton.disabled).toBe(false);
  });
});
