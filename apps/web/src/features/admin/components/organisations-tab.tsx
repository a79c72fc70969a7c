import type { TAdminOrganisation, TAdminOrganisationQueryInput } from '@atrium/contract';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { ADMIN_PAGE_SIZE, useAdminOrganisations } from '../api/admin.api.ts';
import { formatBytes } from '../format.ts';

type Ordering = NonNullable<TAdminOrganisationQueryInput['ordering']>;
type SortKey = Exclude<Ordering, `-${string}`>;

const COLUMNS: { key: SortKey; label: string; numeric: boolean; hideOnPhone?: boolean }[] = [
  { key: 'title', label: 'Organisation', numeric: false },
  { key: 'active_users', label: 'Active users', numeric: true },
  { key: 'pending_users', label: 'Pending', numeric: true, hideOnPhone: true },
  { key: 'seats_used', label: 'Seats', numeric: true },
  { key: 'storage_bytes', label: 'Storage', numeric: true, hideOnPhone: true },
  { key: 'last_activity', label: 'Last sign-in', numeric: false, hideOnPhone: true },
];

const phoneHidden = { display: { xs: 'none', sm: 'table-cell' } };

function cell(org: TAdminOrganisation, key: SortKey): string {
  switch (key) {
    case 'title':
      return org.title;
    case 'active_users':
      return String(org.active_users);
    case 'pending_users':
      return String(org.pending_users);
    case 'seats_used':
      return `${org.seats_used} / ${org.seats_licensed ?? '∞'}`;
    case 'storage_bytes':
      return formatBytes(org.storage_bytes);
    case 'last_activity':
      return org.last_activity ? new Date(org.last_activity).toLocaleString() : 'Never';
  }
}

/** Every organisation with its figures: searchable, sortable by any column, paged. */
export function OrganisationsTab({
  onFeatures,
}: {
  onFeatures: (org: TAdminOrganisation) => void;
}) {
  const [search, setSearch] = useState('');
  const [ordering, setOrdering] = useState<Ordering>('title');
  const [page, setPage] = useState(1);
  const list = useAdminOrganisations({
    page,
    page_size: ADMIN_PAGE_SIZE,
    ordering,
    ...(search ? { search } : {}),
  });
  const descending = ordering.startsWith('-');
  const sortKey = (descending ? ordering.slice(1) : ordering) as SortKey;
  const sortBy = (key: SortKey) => {
    // A new column starts with the biggest figures first; the title alphabetically.
    const next: Ordering =
      key === sortKey ? (descending ? key : `-${key}`) : key === 'title' ? key : `-${key}`;
    setOrdering(next);
    setPage(1);
  };

  return (
    <Stack spacing={2}>
      <SearchField
        label="Search organisations"
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
        fullWidth
      />
      {list.isPending ? (
        <LinearProgress aria-label="Loading organisations" />
      ) : list.isError ? (
        <LoadError
          error={list.error}
          fallback="The organisations could not be loaded."
          onRetry={() => list.refetch()}
        />
      ) : list.data.results.length === 0 ? (
        <EmptyState icon={<ApartmentOutlined />}>
          {search ? 'No organisation matches this search.' : 'No organisations yet.'}
        </EmptyState>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {list.data.count} {list.data.count === 1 ? 'organisation' : 'organisations'}
          </Typography>
          <TableContainer tabIndex={0} role="region" aria-label="Organisations, scrollable">
            <Table size="small" aria-label="Organisations">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableCell
                      key={c.key}
                      align={c.numeric ? 'right' : 'left'}
                      sortDirection={sortKey === c.key ? (descending ? 'desc' : 'asc') : false}
                      sx={c.hideOnPhone ? phoneHidden : undefined}
                    >
                      <TableSortLabel
                        active={sortKey === c.key}
                        direction={sortKey === c.key && descending ? 'desc' : 'asc'}
                        onClick={() => sortBy(c.key)}
                      >
                        {c.label}
                      </TableSortLabel>
                    </TableCell>
                  ))}
                  <TableCell>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.results.map((org) => (
                  <TableRow key={org.id} hover>
                    {COLUMNS.map((c) => (
                      <TableCell
                        key={c.key}
                        align={c.numeric ? 'right' : 'left'}
                        sx={{ ...(c.hideOnPhone ? phoneHidden : {}), overflowWrap: 'anywhere' }}
                      >
                        {cell(org, c.key)}
                      </TableCell>
                    ))}
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() => onFeatures(org)}
                        aria-label={`Features of ${org.title}`}
                      >
                        Features
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {list.data.count > ADMIN_PAGE_SIZE && (
            <Pagination
              page={page}
              count={Math.ceil(list.data.count / ADMIN_PAGE_SIZE)}
              onChange={(_e, value) => setPage(value)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
