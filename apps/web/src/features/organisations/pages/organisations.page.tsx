import type { TOrganisation } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { isSuperadmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useDeleteOrganisation, useOrganisationList } from '../api/organisations.api.ts';
import { CreateOrganisationDialog } from '../components/create-organisation-dialog.tsx';
import { OrganisationsTable } from '../components/organisations-table.tsx';

const PAGE_SIZES = [10, 25, 50];

/** A superadmin's list of every organisation, with search, paging, create and delete. */
function OrganisationList() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]!);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TOrganisation | null>(null);
  const query = useDebouncedValue(search.trim());
  const list = useOrganisationList({
    search: query || undefined,
    page: page + 1,
    page_size: pageSize,
  });
  const remove = useDeleteOrganisation();

  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  return (
    <PageContainer>
      <PageHeader
        title="Organisations"
        subtitle="Every organisation on this platform, with its people and structure."
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
            New organisation
          </Button>
        }
      />
      <Card>
        <TextField
          label="Search by title or acronym"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          size="small"
          sx={{ m: 2, width: { xs: 'calc(100% - 32px)', sm: 360 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined />
                </InputAdornment>
              ),
            },
          }}
        />
        {list.isFetching && <LinearProgress aria-label="Loading organisations" />}
        {list.isPending ? (
          <PageLoader label="Loading organisations" />
        ) : list.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(list.error)}
          </Alert>
        ) : list.data.results.length === 0 ? (
          <EmptyState icon={<BusinessOutlined />}>
            {query ? `No organisation matches “${query}”.` : 'No organisations yet.'}
          </EmptyState>
        ) : (
          <>
            <OrganisationsTable organisations={list.data.results} onDelete={setDeleting} />
            <TablePagination
              component="div"
              count={list.data.count}
              page={page}
              onPageChange={(_event, next) => setPage(next)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
            />
          </>
        )}
      </Card>
      <CreateOrganisationDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.title ?? ''}?`}
        confirmLabel="Delete organisation"
        destructive
        busy={remove.isPending}
        onClose={closeDelete}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: closeDelete })}
      >
        Only an organisation without members and departments can be deleted.
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(remove.error)}
          </Alert>
        )}
      </ConfirmDialog>
    </PageContainer>
  );
}

/**
 * '/organization' (Organization → Human Resource): a superadmin manages every organisation;
 * an admin has one, so they go straight to its page.
 */
export default function OrganisationsPage() {
  const { user } = useSession();
  if (!user) return null;
  if (!isSuperadmin(user.role.id)) {
    return <Navigate to={`/organization/profile/${user.membership.organization.id}`} replace />;
  }
  return <OrganisationList />;
}
