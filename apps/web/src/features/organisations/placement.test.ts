import { describe, expect, it } from 'vitest';
import { EMPTY_PLACEMENT, placementIds, reconcilePlacement, withDepartment } from './placement.ts';

const placed = { department: 1, designation: 11, location: 21 };

describe('withDepartment', () => {
  it('clears designation and location when the department changes', () => {
    expect(withDepartment(placed, 2)).toEqual({ department: 2, designation: null, location: null });
    expect(withDepartment(placed, null)).toEqual(EMPTY_PLACEMENT);
  });

  it('keeps everything when the same department is chosen again', () => {
    expect(withDepartment(placed, 1)).toBe(placed);
  });
});

describe('reconcilePlacement', () => {
  it('keeps choices the loaded lists hold, and everything while they load', () => {
    expect(reconcilePlacement(placed, [{ id: 11 }], [{ id: 21 }])).toBe(placed);
    expect(reconcilePlacement(placed, undefined, undefined)).toBe(placed);
  });

  it('drops a designation or location the department no longer has', () => {
    expect(reconcilePlacement(placed, [{ id: 12 }], [{ id: 21 }])).toEqual({
      ...placed,
      designation: null,
    });
    expect(reconcilePlacement(placed, [{ id: 11 }], [])).toEqual({ ...placed, location: null });
  });

  it('allows no designation or location without a department', () => {
    expect(reconcilePlacement({ ...placed, department: null }, undefined, undefined)).toEqual(
      EMPTY_PLACEMENT,
    );
  });
});

describe('placementIds', () => {
  it('sends only the ids that are set', () => {
    expect(placementIds(placed)).toEqual(placed);
    expect(placementIds({ department: 3, designation: null, location: null })).toEqual({
      department: 3,
    });
    expect(placementIds(EMPTY_PLACEMENT)).toEqual({});
  });
});
