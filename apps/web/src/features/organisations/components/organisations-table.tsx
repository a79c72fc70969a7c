import type { TOrganisation } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';

/** Columns that give way on phones, where the title and counts matter most. */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } };

export function OrganisationsTable({
  organisations,
  onDelete,
}: {
  organisations: TOrganisation[];
  onDelete: (organisation: TOrganisation) => void;
}) {
  return (
    <TableContainer>
      <Table aria-label="Organisations" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Title</TableCell>
            <TableCell sx={WIDE_ONLY}>Domain</TableCell>
            <TableCell align="right">Members</TableCell>
            <TableCell align="right" sx={WIDE_ONLY}>
              Departments
            </TableCell>
            <TableCell align="right" sx={WIDE_ONLY}>
              Seats
            </TableCell>
            <TableCell align="right">
              <VisuallyHidden>Actions</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {organisations.map((organisation) => (
            <TableRow key={organisation.id} hover>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={`/organization/profile/${organisation.id}`}
                  sx={{ fontWeight: 600 }}
                >
                  {organisation.title}
                </Link>{' '}
                <Chip label={organisation.acronym} size="small" sx={{ ml: 0.5 }} />
                {organisation.is_default && (
                  <Chip label="Default" size="small" variant="outlined" sx={{ ml: 0.5 }} />
                )}
              </TableCell>
              <TableCell sx={{ ...WIDE_ONLY, overflowWrap: 'anywhere' }}>
                {organisation.domain_url ?? '—'}
              </TableCell>
              <TableCell align="right">{organisation.member_count}</TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>
                {organisation.department_count}
              </TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>
                {organisation.licence_seats ?? 'No limit'}
              </TableCell>
              <TableCell align="right">
                <Tooltip title={`Delete ${organisation.title}`}>
                  <span>
                    <IconButton
                      aria-label={`Delete ${organisation.title}`}
                      onClick={() => onDelete(organisation)}
                      disabled={organisation.is_default}
                      size="small"
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
