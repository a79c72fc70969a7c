import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useDepartmentChildren, useDepartments } from '../api/structure.api.ts';
import { type Placement, reconcilePlacement, withDepartment } from '../placement.ts';

interface PlacementFieldsProps {
  organisationId: number | null | undefined;
  value: Placement;
  onChange: (next: Placement) => void;
  errors?: Partial<Record<keyof Placement, string>>;
  disabled?: boolean;
  /** Side by side from sm up (dialogs), or stacked. */
  direction?: 'row' | 'column';
}

const NONE = '';

function toId(value: string): number | null {
  return value === NONE ? null : Number(value);
}

/** A select shows only a value among its options (MUI warns otherwise), so not before they load. */
function shown(id: number | null, options: readonly { id: number }[] | undefined): string {
  return id !== null && options?.some((option) => option.id === id) ? String(id) : NONE;
}

/**
 * Department, then designation and location of that department: the two lower lists load for
 * the chosen department and reset when it changes.
 */
export function PlacementFields({
  organisationId,
  value,
  onChange,
  errors = {},
  disabled = false,
  direction = 'row',
}: PlacementFieldsProps) {
  const departments = useDepartments(organisationId);
  const designations = useDepartmentChildren('designation', value.department);
  const locations = useDepartmentChildren('location', value.department);

  useEffect(() => {
    const next = reconcilePlacement(value, designations.data, locations.data);
    if (next !== value) onChange(next);
  }, [value, designations.data, locations.data, onChange]);

  const noDepartment = value.department === null;
  const childHelp = (
    list: { data?: unknown[]; isPending: boolean },
    noun: string,
    error?: string,
  ) => {
    if (error) return error;
    if (noDepartment) return 'Choose a department first.';
    if (!list.isPending && list.data?.length === 0) return `This department has no ${noun} yet.`;
    return ' ';
  };

  return (
    <Stack direction={{ xs: 'column', sm: direction }} spacing={2}>
      <TextField
        select
        label="Department"
        fullWidth
        value={shown(value.department, departments.data)}
        onChange={(event) => onChange(withDepartment(value, toId(event.target.value)))}
        disabled={disabled || departments.isPending}
        error={Boolean(errors.department)}
        helperText={
          errors.department ??
          (departments.data?.length === 0 ? 'The organisation has no departments yet.' : ' ')
        }
      >
        <MenuItem value={NONE}>
          <em>None</em>
        </MenuItem>
        {departments.data?.map((department) => (
          <MenuItem key={department.id} value={String(department.id)}>
            {department.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Designation"
        fullWidth
        value={shown(value.designation, designations.data)}
        onChange={(event) => onChange({ ...value, designation: toId(event.target.value) })}
        disabled={disabled || noDepartment || designations.isPending}
        error={Boolean(errors.designation)}
        helperText={childHelp(designations, 'designations', errors.designation)}
      >
        <MenuItem value={NONE}>
          <em>None</em>
        </MenuItem>
        {designations.data?.map((designation) => (
          <MenuItem key={designation.id} value={String(designation.id)}>
            {designation.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Location"
        fullWidth
        value={shown(value.location, locations.data)}
        onChange={(event) => onChange({ ...value, location: toId(event.target.value) })}
        disabled={disabled || noDepartment || locations.isPending}
        error={Boolean(errors.location)}
        helperText={childHelp(locations, 'locations', errors.location)}
      >
        <MenuItem value={NONE}>
          <em>None</em>
        </MenuItem>
        {locations.data?.map((location) => (
          <MenuItem key={location.id} value={String(location.id)}>
            {location.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
