import type { TAcknowledgement, TPage } from '@atrium/contract';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { pageCountProps } from '../../../../shared/ui/page-count.ts';
import { formatWhen } from '../../announcement-format.ts';

function When({ iso, missing }: { iso: string | null; missing: string }) {
  return iso ? (
    <time dateTime={iso}>{formatWhen(iso)}</time>
  ) : (
    <Chip size="small" variant="outlined" label={missing} />
  );
}

/** One page of the audience: name and e-mail, department, when read, when acknowledged. */
export function AcknowledgementTable({
  page,
  loading,
  pageIndex,
  pageSize,
  onPage,
  acknowledging,
  empty,
}: {
  page: TPage<TAcknowledgement> | undefined;
  loading: boolean;
  pageIndex: number;
  pageSize: number;
  onPage: (page: number) => void;
  acknowledging: boolean;
  empty: string;
}) {
  if (loading) {
    return (
      <div role="status" aria-busy aria-label="Loading the report">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </div>
    );
  }
  const rows = page?.results ?? [];
  if (rows.length === 0) {
    return <Typography sx={{ color: 'text.secondary', py: 2 }}>{empty}</Typography>;
  }
  return (
    <>
      <TableContainer>
        <Table
          size="small"
          aria-label={acknowledging ? 'Acknowledgements' : 'Readers'}
          // On a phone the table scrolls sideways rather than breaking names letter by letter.
          sx={{ minWidth: 520 }}
        >
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Department</TableCell>
              <TableCell>Read</TableCell>
              {acknowledging && <TableCell>Acknowledged</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.user.id}>
                <TableCell
                  component="th"
                  scope="row"
                  sx={{ overflowWrap: 'anywhere', minWidth: 180 }}
                >
                  {row.user.fullname}
                  <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                    {row.user.email}
                  </Typography>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {row.user.department ?? '—'}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <When iso={row.read_at} missing="Not read" />
                </TableCell>
                {acknowledging && (
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <When iso={row.acknowledged_at} missing="Pending" />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        page={pageIndex}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        onPageChange={(_e, p) => onPage(p)}
        {...pageCountProps(page)}
      />
    </>
  );
}
