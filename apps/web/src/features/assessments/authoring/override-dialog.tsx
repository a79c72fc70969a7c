import {
  type TAssessmentOverride,
  type TDepartment,
  type TUserRow,
  ZAssessmentOverrideUpdate,
} from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { type OverrideFields, useSaveOverride } from '../api/assessments.api.ts';
import { isoToLocalInput, localInputToIso } from './labels.ts';
import { useDepartmentOptions, useUserOptions } from './picker-options.ts';

type Field = 'who' | 'extra' | 'limit' | 'opens_at' | 'closes_at' | 'attempts';
const PAYLOAD_FIELD: Record<string, Field> = {
  user: 'who',
  department: 'who',
  extra_seconds: 'extra',
  time_limit_seconds: 'limit',
  opens_at: 'opens_at',
  closes_at: 'closes_at',
  attempts_allowed: 'attempts',
};
const minutes = (s: number | null) => (s === null ? '' : String(s / 60));

/** One exception for a learner or a department: extra time, another limit, dates, attempts. */
export function OverrideDialog({
  assessmentId,
  override,
  onClose,
}: {
  assessmentId: number;
  /** null: a new one. */
  override: TAssessmentOverride | null;
  onClose: () => void;
}) {
  const { user: me } = useSession();
  const [kind, setKind] = useState<'user' | 'department'>('user');
  const [user, setUser] = useState<TUserRow | null>(null);
  const [department, setDepartment] = useState<TDepartment | null>(null);
  const [search, setSearch] = useState('');
  const [extra, setExtra] = useState(minutes(override?.extra_seconds ?? null));
  const [limit, setLimit] = useState(minutes(override?.time_limit_seconds ?? null));
  const [opens, setOpens] = useState(isoToLocalInput(override?.opens_at));
  const [closes, setCloses] = useState(isoToLocalInput(override?.closes_at));
  const [attempts, setAttempts] = useState(override?.attempts_allowed?.toString() ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const users = useUserOptions(useDebouncedValue(search), override === null && kind === 'user');
  const departments = useDepartmentOptions(
    me?.membership.organization.id ?? 0,
    override === null && kind === 'department',
  );
  const save = useSaveOverride(assessmentId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    const toSeconds = (field: Field, v: string) => {
      if (v.trim() === '') return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) next[field] = 'Whole minutes.';
      return n * 60;
    };
    const fields: OverrideFields = {
      extra_seconds: toSeconds('extra', extra),
      time_limit_seconds: toSeconds('limit', limit),
      opens_at: localInputToIso(opens),
      closes_at: localInputToIso(closes),
      attempts_allowed: attempts.trim() === '' ? null : Number(attempts),
    };
    if (override === null && !(kind === 'user' ? user : department)) {
      next.who = kind === 'user' ? 'Choose a learner.' : 'Choose a department.';
    }
    const parsed = ZAssessmentOverrideUpdate.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const f = PAYLOAD_FIELD[String(issue.path[0])];
        if (f) next[f] ??= issue.message;
      }
    }
    if (fields.opens_at && fields.closes_at && fields.opens_at >= fields.closes_at) {
      next.closes_at = 'The close must be after the open.';
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      {
        override: override?.id ?? null,
        user: kind === 'user' ? (user?.id ?? null) : null,
        department: kind === 'department' ? (department?.id ?? null) : null,
        fields,
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const server: Partial<Record<Field, string>> = {};
          for (const [f, m] of Object.entries(error.fieldErrors)) {
            const field = PAYLOAD_FIELD[f];
            if (field) server[field] = m.join(' ');
          }
          setErrors(server);
        },
      },
    );
  };

  const who = override
    ? (override.user?.fullname ?? `Department ${override.department?.name ?? ''}`)
    : null;
  return (
    <FormDialog open onClose={onClose} title={who ? `Override for ${who}` : 'New override'}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {save.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
        {override === null && (
          <>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={kind}
              onChange={(_event, next) => next && setKind(next)}
              aria-label="Override for"
            >
              <ToggleButton value="user">A learner</ToggleButton>
              <ToggleButton value="department">A department</ToggleButton>
            </ToggleButtonGroup>
            {kind === 'user' ? (
              <Autocomplete
                key="user"
                options={users.data?.results ?? []}
                value={user}
                onChange={(_event, next) => setUser(next)}
                inputValue={search}
                onInputChange={(_event, next) => setSearch(next)}
                filterOptions={(x) => x}
                loading={users.isFetching}
                getOptionLabel={(u) => `${u.fullname || u.username} (${u.email})`}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Learner"
                    error={Boolean(errors.who)}
                    helperText={errors.who}
                  />
                )}
              />
            ) : (
              <Autocomplete
                key="department"
                options={departments.data ?? []}
                value={department}
                onChange={(_event, next) => setDepartment(next)}
                getOptionLabel={(d) => d.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Department"
                    error={Boolean(errors.who)}
                    helperText={errors.who}
                  />
                )}
              />
            )}
          </>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              type="number"
              label="Extra time (minutes)"
              value={extra}
              onChange={(event) => setExtra(event.target.value)}
              error={Boolean(errors.extra)}
              helperText={errors.extra}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              type="number"
              label="Time limit (minutes)"
              value={limit}
              onChange={(event) => setLimit(event.target.value)}
              error={Boolean(errors.limit)}
              helperText={errors.limit ?? 'Empty: the assessment’s'}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              type="datetime-local"
              label="Opens"
              value={opens}
              onChange={(event) => setOpens(event.target.value)}
              error={Boolean(errors.opens_at)}
              helperText={errors.opens_at}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              type="datetime-local"
              label="Closes"
              value={closes}
              onChange={(event) => setCloses(event.target.value)}
              error={Boolean(errors.closes_at)}
              helperText={errors.closes_at}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              type="number"
              label="Attempts allowed"
              value={attempts}
              onChange={(event) => setAttempts(event.target.value)}
              error={Boolean(errors.attempts)}
              helperText={errors.attempts ?? 'Empty: the assessment’s'}
            />
          </Grid>
        </Grid>
        <FormFooter
          submitLabel="Save"
          busy={save.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
