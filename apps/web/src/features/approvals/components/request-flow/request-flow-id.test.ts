import { describe, expect, it } from 'vitest';
import { requestFlowId } from './request-flow-id.ts';

describe('requestFlowId', () => {
  it('reads a request id, and nothing from the bare flag or other values', () => {
    const id = (search: string) => requestFlowId(new URLSearchParams(search));
    expect(id('?requestflow=42')).toBe(42);
    expect(id('?tab=x&requestflow=7')).toBe(7);
    expect(id('?requestflow')).toBeNull();
    expect(id('?requestflow=true')).toBeNull();
    expect(id('?requestflow=0')).toBeNull();
    expect(id('?requestflow=-3')).toBeNull();
    expect(id('?requestflow=2147483648')).toBeNull();
    expect(id('?other=42')).toBeNull();
  });
});
