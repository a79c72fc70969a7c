import type { TDepartment, TUserRow } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useAssign, useAssignments, useUnassign } from '../api/assessments.api.ts';
import { formatDateTime, plural } from './labels.ts';
import { useDepartmentOptions, useUserOptions } from './picker-options.ts';

const PAGE_SIZE = 10;

/** Pickers for learners (searched on the server) and departments of the organisation. */
export function PeoplePickers({
  users,
  departments,
  onUsers,
  onDepartments,
  userLabel = 'Learners',
  roles,
}: {
  users: TUserRow[];
  departments: TDepartment[] | null;
  onUsers: (next: TUserRow[]) => void;
  onDepartments?: (next: TDepartment[]) => void;
  userLabel?: string;
  roles?: string;
}) {
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const options = useUserOptions(useDebouncedValue(search), true, roles);
  const orgId = user?.membership.organization.id ?? 0;
  const depts = useDepartmentOptions(orgId, departments !== null);
  return (
    <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
      <Autocomplete
        multiple
        filterSelectedOptions
        options={options.data?.results ?? []}
        loading={options.isFetching}
        value={users}
        onChange={(_event, next) => onUsers(next)}
        inputValue={search}
        onInputChange={(_event, next, reason) => {
          if (reason !== 'reset') setSearch(next);
        }}
        filterOptions={(x) => x}
        getOptionLabel={(u) =>
          u.email ? `${u.fullname || u.username} (${u.email})` : u.fullname || u.username
        }
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText={options.isError ? errorMessage(options.error) : 'No users found'}
        renderInput={(params) => (
          <TextField {...params} label={userLabel} placeholder="Search by name or email" />
        )}
      />
      {departments !== null && onDepartments && (
        <Autocomplete
          multiple
          filterSelectedOptions
          options={depts.data ?? []}
          loading={depts.isFetching}
          value={departments}
          onChange={(_event, next) => onDepartments(next)}
          getOptionLabel={(d) => d.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label="Departments" />}
        />
      )}
    </Stack>
  );
}

/** Who takes the assessment: learners and whole departments (their current members). */
export function LearnersPanel({
  assessmentId,
  editable,
}: {
  assessmentId: number;
  editable: boolean;
}) {
  const [page, setPage] = useState(1);
  const [users, setUsers] = useState<TUserRow[]>([]);
  const [departments, setDepartments] = useState<TDepartment[]>([]);
  const [summary, setSummary] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const list = useAssignments(assessmentId, page, PAGE_SIZE);
  const assign = useAssign(assessmentId);
  const unassign = useUnassign(assessmentId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (users.length + departments.length === 0) {
      setSummary(null);
      return;
    }
    assign.mutate(
      { users: users.map((u) => u.id), departments: departments.map((d) => d.id) },
      {
        onSuccess: ({ added }) => {
          setSummary(
            added === 0
              ? 'They were already assigned.'
              : `${plural(added, 'assignment')} added; they are notified.`,
          );
          setUsers([]);
          setDepartments([]);
        },
      },
    );
  };
  const rows = list.data?.results;
  return (
    <Stack spacing={2.5}>
      {editable && (
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          spacing={1.5}
          aria-label="Assign learners"
        >
          {summary && (
            <Alert severity="success" role="status" onClose={() => setSummary(null)}>
              {summary}
            </Alert>
          )}
          {assign.isError && (
            <Alert severity="error" role="alert">
              {errorMessage(assign.error)}
            </Alert>
          )}
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ alignItems: { md: 'flex-start' } }}
          >
            <PeoplePickers
              users={users}
              departments={departments}
              onUsers={setUsers}
              onDepartments={setDepartments}
            />
            <Button
              type="submit"
              variant="contained"
              loading={assign.isPending}
              disabled={users.length + departments.length === 0}
            >
              Assign
            </Button>
          </Stack>
        </Stack>
      )}
      {list.isError && !rows ? (
        <Alert severity="error">{errorMessage(list.error)}</Alert>
      ) : rows?.length === 0 ? (
        <EmptyState icon={<GroupOutlined fontSize="large" />}>Nobody is assigned yet.</EmptyState>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Assignments" sx={{ minWidth: 520 }}>
            <TableHead>
              <TableRow>
                <TableCell>Assigned</TableCell>
                <TableCell align="right">Learners</TableCell>
                <TableCell>Since</TableCell>
                <TableCell align="right">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows === undefined ? (
                <TableRow>
                  <TableCell colSpan={4}>
                    <Skeleton height={32} />
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((a) => {
                  const name = a.user
                    ? `${a.user.fullname} (${a.user.email})`
                    : `Department ${a.department?.name ?? ''}`;
                  return (
                    <TableRow key={a.id}>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{name}</TableCell>
                      <TableCell align="right">{a.learners}</TableCell>
                      <TableCell>{formatDateTime(a.created_at)}</TableCell>
                      <TableCell align="right">
                        {editable && (
                          <IconButton
                            size="small"
                            aria-label={`Remove ${name}`}
                            onClick={() => setRemoving({ id: a.id, name })}
                          >
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        {...pageCountProps(list.data)}
        page={list.data ? page - 1 : 0}
        onPageChange={(_event, next) => setPage(next + 1)}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[]}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this assignment?"
        confirmLabel="Remove"
        destructive
        busy={unassign.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing && unassign.mutate([removing.id], { onSuccess: () => setRemoving(null) })
        }
      >
        {`${removing?.name ?? ''} will no longer be asked to take it. Attempts already made stay.`}
      </ConfirmDialog>
    </Stack>
  );
}
