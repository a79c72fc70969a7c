import RestartAltOutlined from '@mui/icons-material/RestartAltOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import {
  useReportDepartments,
  useReportDesignations,
  useReportOrganisations,
} from '../api/reports.api.ts';
import { hasFilters, type ReportFilters, rangeError } from '../filters.ts';
import { USER_TYPE_LABELS, yearChoices } from '../labels.ts';

/**
 * The report filters, all native or MUI form controls (keyboard-usable, each labelled). Choosing
 * an organisation clears its department and designation; a department its designation.
 * `ownOrganisation`: whose departments to offer when the caller cannot pick an organisation.
 */
export function FilterBar({
  filters,
  onChange,
  canPickOrganisation,
  ownOrganisation,
}: {
  filters: ReportFilters;
  onChange: (next: ReportFilters) => void;
  canPickOrganisation: boolean;
  ownOrganisation: number | undefined;
}) {
  const organisations = useReportOrganisations(canPickOrganisation);
  const organisation = canPickOrganisation ? filters.organisation : ownOrganisation;
  const departments = useReportDepartments(organisation);
  const designations = useReportDesignations(filters.department);
  const set = (patch: ReportFilters) => onChange({ ...filters, ...patch });
  const num = (v: string) => (v === '' ? undefined : Number(v));
  const invalidRange = rangeError(filters);

  const field = (key: string, control: ReactNode, wide = false) => (
    <Grid key={key} size={{ xs: 12, sm: 6, md: wide ? 6 : 3 }}>
      {control}
    </Grid>
  );

  return (
    <Card
      component="section"
      aria-label="Report filters"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, mb: 3 }}
    >
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        {canPickOrganisation &&
          field(
            'organisation',
            <TextField
              select
              fullWidth
              size="small"
              label="Organisation"
              value={filters.organisation ?? ''}
              onChange={(e) =>
                set({
                  organisation: num(e.target.value),
                  department: undefined,
                  designation: undefined,
                })
              }
            >
              <MenuItem value="">All organisations</MenuItem>
              {(organisations.data?.results ?? []).map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  {o.title}
                </MenuItem>
              ))}
            </TextField>,
            true,
          )}
        {field(
          'department',
          <TextField
            select
            fullWidth
            size="small"
            label="Department"
            value={departments.data ? (filters.department ?? '') : ''}
            disabled={!organisation || !departments.data}
            helperText={
              !organisation
                ? 'Choose an organisation first.'
                : departments.isError
                  ? 'Departments could not be loaded.'
                  : undefined
            }
            onChange={(e) => set({ department: num(e.target.value), designation: undefined })}
          >
            <MenuItem value="">All departments</MenuItem>
            {(departments.data ?? []).map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>,
        )}
        {field(
          'designation',
          <TextField
            select
            fullWidth
            size="small"
            label="Designation"
            value={designations.data ? (filters.designation ?? '') : ''}
            disabled={!filters.department || !designations.data}
            onChange={(e) => set({ designation: num(e.target.value) })}
          >
            <MenuItem value="">All designations</MenuItem>
            {(designations.data ?? []).map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>,
        )}
        {field(
          'from',
          <TextField
            type="date"
            fullWidth
            size="small"
            label="From"
            value={filters.from ?? ''}
            onChange={(e) => set({ from: e.target.value || undefined })}
            slotProps={{ inputLabel: { shrink: true } }}
          />,
        )}
        {field(
          'to',
          <TextField
            type="date"
            fullWidth
            size="small"
            label="To"
            value={filters.to ?? ''}
            onChange={(e) => set({ to: e.target.value || undefined })}
            error={!!invalidRange}
            helperText={invalidRange ?? undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filters.from } }}
          />,
        )}
        {field(
          'year',
          <TextField
            select
            fullWidth
            size="small"
            label="Year"
            value={filters.year ?? ''}
            onChange={(e) => set({ year: num(e.target.value) })}
          >
            <MenuItem value="">This year</MenuItem>
            {yearChoices(filters.year).map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>,
        )}
        {field(
          'user_type',
          <TextField
            select
            fullWidth
            size="small"
            label="User type"
            value={filters.user_type ?? 'all'}
            onChange={(e) =>
              set({ user_type: e.target.value as NonNullable<ReportFilters['user_type']> })
            }
          >
            {Object.entries(USER_TYPE_LABELS).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>,
        )}
        <Grid size={{ xs: 12, sm: 'auto' }} sx={{ ml: { sm: 'auto' } }}>
          <Button
            fullWidth
            variant="outlined"
            startIcon={<RestartAltOutlined />}
            disabled={!hasFilters(filters)}
            onClick={() => onChange({})}
            sx={{ height: 40 }}
          >
            Reset
          </Button>
        </Grid>
      </Grid>
    </Card>
  );
}
