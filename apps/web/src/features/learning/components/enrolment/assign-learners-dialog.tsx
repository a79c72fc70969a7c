import type { TUserRow } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { dueDayToIso } from '../../../../shared/format/due-day.ts';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { COURSE_MESSAGES } from '../../../catalogue/index.ts';
import { useDepartments } from '../../../organisations/index.ts';
import { useAssignLearners, useLearnerOptions } from '../../api/enrolment.api.ts';
import { assignSummary } from './enrolment-logic.ts';

type Mode = 'users' | 'department';

/**
 * Assigns learners of the course's organisation: picked one by one (searched by name, user name
 * or e-mail) or a whole department, with an optional due date. The result stays in the dialog so
 * the manager sees how many were new and how many were already enrolled.
 */
export function AssignLearnersDialog({
  open,
  onClose,
  courseId,
  organisationId,
}: {
  open: boolean;
  onClose: () => void;
  courseId: number;
  organisationId: number;
}) {
  const [mode, setMode] = useState<Mode>('users');
  const [picked, setPicked] = useState<TUserRow[]>([]);
  const [department, setDepartment] = useState<number | ''>('');
  const [due, setDue] = useState('');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const [summary, setSummary] = useState<string | null>(null);
  const options = useLearnerOptions(debounced, open && mode === 'users');
  const departments = useDepartments(open && mode === 'department' ? organisationId : null);
  const assign = useAssignLearners(courseId);

  const reset = () => {
    setPicked([]);
    setDepartment('');
    setDue('');
    setSearch('');
    setSummary(null);
    assign.reset();
  };
  const close = () => {
    if (assign.isPending) return;
    reset();
    onClose();
  };
  const ready = mode === 'users' ? picked.length > 0 : department !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const target =
      mode === 'users' ? { users: picked.map((u) => u.id) } : { department: Number(department) };
    assign.mutate(
      { ...target, ...(due ? { due_at: dueDayToIso(due) } : {}) },
      {
        onSuccess: (result) => {
          setSummary(assignSummary(result));
          setPicked([]);
          setDepartment('');
        },
      },
    );
  };

  return (
    <FormDialog open={open} onClose={close} title="Assign learners">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <Tabs
          value={mode}
          onChange={(_event, next: Mode) => {
            setMode(next);
            setSummary(null);
          }}
          aria-label="Assign by"
        >
          <Tab value="users" label="Learners" />
          <Tab value="department" label="Department" />
        </Tabs>
        {summary && (
          <Alert severity="success" role="status">
            {summary}
          </Alert>
        )}
        {assign.isError && (
          <Alert severity="error">{errorMessage(assign.error, COURSE_MESSAGES.postFailed)}</Alert>
        )}
        {mode === 'users' ? (
          <Autocomplete
            multiple
            filterSelectedOptions
            options={options.data?.results ?? []}
            loading={options.isFetching}
            value={picked}
            onChange={(_event, next) => setPicked(next)}
            inputValue={search}
            onInputChange={(_event, next, reason) => {
              if (reason !== 'reset') setSearch(next);
            }}
            // The server searches; the picker shows what it answered.
            filterOptions={(x) => x}
            getOptionLabel={(u) => u.fullname || u.username}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={options.isError ? COURSE_MESSAGES.listFailed : 'No learners found'}
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
              <TextField
                {...params}
                label="Learners"
                placeholder={picked.length === 0 ? 'Search by name or e-mail' : undefined}
                helperText="Only learners of the course's organisation can be assigned."
              />
            )}
          />
        ) : (
          <TextField
            select
            label="Department"
            value={department}
            onChange={(event) => setDepartment(Number(event.target.value))}
            helperText={
              departments.isError
                ? errorMessage(departments.error, COURSE_MESSAGES.listFailed)
                : 'Every learner of the department is assigned.'
            }
            error={departments.isError}
          >
            {(departments.data ?? []).map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {d.name} ({d.user_count} user{d.user_count === 1 ? '' : 's'})
              </MenuItem>
            ))}
            {departments.data?.length === 0 && (
              <MenuItem disabled value="">
                No departments yet
              </MenuItem>
            )}
          </TextField>
        )}
        <TextField
          type="date"
          label="Due date (optional)"
          value={due}
          onChange={(event) => setDue(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 240 }}
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
