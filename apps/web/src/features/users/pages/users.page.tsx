import type { TUserRow } from '@atrium/contract';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useUserList } from '../api/users.api.ts';
import { AddUserDialog } from '../components/add-user-dialog.tsx';
import { ExportButtons } from '../components/export-buttons.tsx';
import { SeatSummary } from '../components/seat-summary.tsx';
import { type PendingAction, UserActionDialog } from '../components/user-action-dialog.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { UsersToolbar } from '../components/users-toolbar.tsx';
import {
  filterableRoles,
  grantableRoles,
  INITIAL_LIST_STATE,
  PAGE_SIZES,
  toggleOrdering,
  type UserListState,
} from '../user-list-query.ts';

/** '/settings' (side menu Users): the organisation's users, searched, filtered and managed. */
export default function UsersPage() {
  const { user } = useSession();
  const [state, setState] = useState<UserListState>(INITIAL_LIST_STATE);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const update = (changes: Partial<UserListState>) =>
    setState((current) => ({ ...current, page: 0, ...changes }));

  useEffect(() => {
    setState((current) =>
      current.search === debouncedSearch
        ? current
        : { ...current, search: debouncedSearch, page: 0 },
    );
  }, [debouncedSearch]);

  const list = useUserList(state);
  if (!user) return null;
  const admin = isAdmin(user.role.id);
  const organisationId = user.membership.organization.id;
  const grantable = grantableRoles(user.role.id);
  const rows = list.data?.results;
  const filtered =
    state.search !== '' || state.role !== '' || state.department !== null || state.status !== '';

  return (
    <PageContainer>
      <PageHeader
        title="Users"
        subtitle={`People of ${user.membership.organization.title}.`}
        actions={
          admin && (
            <>
              <ExportButtons state={state} />
              <Button
                component={RouterLink}
                to="/user-import"
                variant="outlined"
                startIcon={<UploadFileOutlined />}
              >
                Import
              </Button>
              <Button
                variant="contained"
                startIcon={<PersonAddAltOutlined />}
                onClick={() => setAdding(true)}
              >
                Add user
              </Button>
            </>
          )
        }
      />
      {admin && <SeatSummary organisationId={organisationId} />}
      <Card>
        <UsersToolbar
          search={search}
          onSearch={setSearch}
          filters={state}
          onFilters={update}
          roles={filterableRoles(user.role.id)}
          organisationId={organisationId}
        />
        <LinearProgress
          aria-label="Loading users"
          sx={{ visibility: list.isFetching ? 'visible' : 'hidden' }}
        />
        {list.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(list.error)}
          </Alert>
        ) : rows?.length === 0 ? (
          <EmptyState icon={<PeopleOutlined />}>
            {filtered ? 'No users match these filters.' : 'No users yet. Add one or import a file.'}
          </EmptyState>
        ) : (
          <UsersTable
            rows={rows}
            pageSize={state.pageSize}
            ordering={state.ordering}
            onSort={(column) => update({ ordering: toggleOrdering(state.ordering, column) })}
            onAction={(target: TUserRow, action) => setPending({ user: target, action })}
          />
        )}
        <TablePagination
          component="div"
          {...pageCountProps(list.data)}
          page={list.data ? state.page : 0}
          onPageChange={(_event, page) => setState((current) => ({ ...current, page }))}
          rowsPerPage={state.pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onRowsPerPageChange={(event) => update({ pageSize: Number(event.target.value) })}
          labelRowsPerPage="Per page"
        />
      </Card>
      {admin && (
        <AddUserDialog
          open={adding}
          onClose={() => setAdding(false)}
          organisationId={organisationId}
          roles={grantable}
          defaultRole={4}
        />
      )}
      {pending && (
        <UserActionDialog
          pending={pending}
          grantable={grantable}
          onClose={() => setPending(null)}
        />
      )}
    </PageContainer>
  );
}
