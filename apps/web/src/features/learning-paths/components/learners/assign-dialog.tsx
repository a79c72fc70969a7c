import type { TDepartment, TDesignation, TUserRow } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { dueDayToIso } from '../../../../shared/format/due-day.ts';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import {
  useAssignPath,
  useDepartmentOptions,
  useDesignationOptions,
  useUserOptions,
} from '../../api/enrolments.api.ts';
import { PATH_MESSAGES, plural } from '../../path-labels.ts';

/** What an assignment did, in one sentence (the server counts new and unchanged learners). */
export function assignSummary(result: { enrolled: number; unchanged: number }): string {
  if (result.enrolled === 0 && result.unchanged === 0) return 'No learners were found to enrol.';
  const parts: string[] = [];
  if (result.enrolled > 0) parts.push(`${plural(result.enrolled, 'learner')} enrolled`);
  if (result.unchanged > 0) {
    parts.push(`${plural(result.unchanged, 'learner was', 'learners were')} already enrolled`);
  }
  return `${parts.join('; ')}.`;
}

/**
 * Enrols people, departments and designations (whoever joins those later is enrolled too), with
 * an optional due date that overrides the path's rule. The outcome stays in the dialog.
 */
export function AssignDialog({
  pathId,
  organisationId,
  onClose,
}: {
  pathId: number;
  organisationId: number;
  onClose: () => void;
}) {
  const [users, setUsers] = useState<TUserRow[]>([]);
  const [departments, setDepartments] = useState<TDepartment[]>([]);
  const [designations, setDesignations] = useState<TDesignation[]>([]);
  const [browsing, setBrowsing] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [due, setDue] = useState('');
  const [summary, setSummary] = useState<string | null>(null);
  const userOptions = useUserOptions(useDebouncedValue(search), true);
  const departmentOptions = useDepartmentOptions(organisationId, true);
  const designationOptions = useDesignationOptions(browsing);
  const assign = useAssignPath();
  const ready = users.length + departments.length + designations.length > 0;
  const close = () => {
    if (!assign.isPending) onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    assign.mutate(
      {
        learning_path: pathId,
        users: users.map((u) => u.id),
        departments: departments.map((d) => d.id),
        designations: designations.map((d) => d.id),
        ...(due ? { due_at: dueDayToIso(due) } : {}),
      },
      {
        onSuccess: (result) => {
          setSummary(assignSummary(result));
          setUsers([]);
          setDepartments([]);
          setDesignations([]);
        },
      },
    );
  };
  const browsed = designationOptions.data ?? [];
  const designationChoices = [
    ...designations,
    ...browsed.filter((d) => !designations.some((p) => p.id === d.id)),
  ];

  return (
    <FormDialog open onClose={close} title="Assign learners" maxWidth="sm">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {summary && (
          <Alert severity="success" role="status">
            {summary}
          </Alert>
        )}
        {assign.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(assign.error, PATH_MESSAGES.postFailed)}
          </Alert>
        )}
        <Autocomplete
          multiple
          filterSelectedOptions
          options={userOptions.data?.results ?? []}
          loading={userOptions.isFetching}
          value={users}
          onChange={(_event, next) => setUsers(next)}
          inputValue={search}
          onInputChange={(_event, next, reason) => {
            if (reason !== 'reset') setSearch(next);
          }}
          // The server searches; the picker shows what it answered.
          filterOptions={(x) => x}
          getOptionLabel={(u) => u.fullname || u.username}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={userOptions.isError ? errorMessage(userOptions.error) : 'No users found'}
          renderOption={(props, u) => {
            const { key, ...rest } = props as typeof props & { key: string };
            return (
              <li key={key} {...rest}>
                <Stack sx={{ minWidth: 0 }}>
                  <Typography variant="body2">{u.fullname || u.username}</Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                    {u.email}
                    {u.department ? ` · ${u.department.name}` : ''}
                  </Typography>
                </Stack>
              </li>
            );
          }}
          renderInput={(params) => (
            <TextField {...params} label="People" placeholder="Search by name or e-mail" />
          )}
        />
        <Autocomplete
          multiple
          filterSelectedOptions
          options={departmentOptions.data ?? []}
          loading={departmentOptions.isFetching}
          value={departments}
          onChange={(_event, next) => setDepartments(next)}
          getOptionLabel={(d) => `${d.name} (${plural(d.user_count, 'user')})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={
            departmentOptions.isError ? errorMessage(departmentOptions.error) : 'No departments'
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label="Departments"
              helperText="Everyone in them now, and whoever joins them later."
            />
          )}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            select
            label="Designations of"
            value={browsing ?? ''}
            onChange={(event) =>
              setBrowsing(event.target.value === '' ? null : Number(event.target.value))
            }
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Choose a department</MenuItem>
            {(departmentOptions.data ?? []).map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            multiple
            filterSelectedOptions
            sx={{ flex: 1 }}
            options={designationChoices}
            loading={designationOptions.isFetching}
            value={designations}
            onChange={(_event, next) => setDesignations(next)}
            getOptionLabel={(d) => d.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={browsing === null ? 'Choose a department first' : 'No designations'}
            renderInput={(params) => <TextField {...params} label="Designations" />}
          />
        </Stack>
        <TextField
          type="date"
          label="Due date (optional)"
          value={due}
          onChange={(event) => setDue(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText="Overrides the path's due rule for these learners."
          sx={{ maxWidth: 280 }}
        />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close} color="inherit" disabled={assign.isPending}>
            {summary ? 'Done' : 'Cancel'}
          </Button>
          <Button type="submit" variant="contained" disabled={!ready} loading={assign.isPending}>
            Assign
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
