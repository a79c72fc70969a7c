import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
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
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { pageCountProps } from '../../../../shared/ui/page-count.ts';
import { EmptyState, SectionCard } from '../../../../shared/ui/section-card.tsx';
import { useCpdPeople } from '../../api/people.api.ts';
import { CPD_MESSAGES, cpdViewUrl } from '../../labels.ts';

const PAGE_SIZES = [10, 25, 50];

/** The /cpd "People" tab, for admins: find a user of the organisation and open their ledger. */
export function PeoplePanel() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] as number);
  const debounced = useDebouncedValue(search);
  const people = useCpdPeople({ search: debounced, page, pageSize });
  const data = people.data;

  return (
    <SectionCard
      title="People"
      subtitle="Open a user’s CPD ledger: their progress, entries and evidence."
      busy={!data && !people.isError}
    >
      <Stack spacing={2}>
        <TextField
          type="search"
          size="small"
          label="Search by name, user name or e-mail"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          sx={{ maxWidth: 420 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {people.isError ? (
          <Alert severity="error">{errorMessage(people.error, CPD_MESSAGES.usersFailed)}</Alert>
        ) : !data ? (
          <Stack spacing={1} aria-busy>
            <Skeleton variant="rounded" height={40} />
            <Skeleton variant="rounded" height={40} />
            <Skeleton variant="rounded" height={40} />
          </Stack>
        ) : data.results.length === 0 ? (
          <EmptyState icon={<PeopleOutlined fontSize="large" />}>
            {debounced.trim() ? 'Nobody matches this search.' : 'No users yet.'}
          </EmptyState>
        ) : (
          <Box>
            <TableContainer>
              <Table size="small" aria-label="Users of the organisation">
                <TableHead>
                  <TableRow>
                    <TableCell>Name</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      Department
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Role</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.results.map((u) => (
                    <TableRow key={u.id} hover>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        <Link component={RouterLink} to={cpdViewUrl(u.id)} sx={{ fontWeight: 600 }}>
                          {u.fullname || u.username}
                        </Link>
                        <Typography
                          variant="caption"
                          sx={{ display: 'block', color: 'text.secondary' }}
                        >
                          {u.email}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {u.department?.name ?? '—'}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                        {u.role.name}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              page={page}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onPageChange={(_event, next) => setPage(next)}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
              {...pageCountProps(data)}
            />
          </Box>
        )}
      </Stack>
    </SectionCard>
  );
}
