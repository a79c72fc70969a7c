/** Where someone sits in the organisation: a department, and within it a designation and location. */
export interface Placement {
  department: number | null;
  designation: number | null;
  location: number | null;
}

export const EMPTY_PLACEMENT: Placement = { department: null, designation: null, location: null };

/**
 * Designations and locations belong to a department, so choosing another department clears
 * them: the old choices would be refused by the server as not of the chosen department.
 */
export function withDepartment(current: Placement, department: number | null): Placement {
  if (current.department === department) return current;
  return { department, designation: null, location: null };
}

/**
 * Drops a designation or location that the chosen department's loaded lists do not hold (it was
 * deleted meanwhile, or the data predates a move). Lists still loading (undefined) keep the value.
 */
export function reconcilePlacement(
  current: Placement,
  designations: readonly { id: number }[] | undefined,
  locations: readonly { id: number }[] | undefined,
): Placement {
  const keep = (id: number | null, list: readonly { id: number }[] | undefined) =>
    id === null || list === undefined || list.some((item) => item.id === id) ? id : null;
  const designation = current.department === null ? null : keep(current.designation, designations);
  const location = current.department === null ? null : keep(current.location, locations);
  return designation === current.designation && location === current.location
    ? current
    : { ...current, designation, location };
}

/** The ids to send where the API takes optional ids (add-user/): unset ones are left out. */
export function placementIds(placement: Placement): Partial<Record<keyof Placement, number>> {
  const ids: Partial<Record<keyof Placement, number>> = {};
  for (const key of ['department', 'designation', 'location'] as const) {
    const id = placement[key];
    if (id !== null) ids[key] = id;
  }
  return ids;
}
