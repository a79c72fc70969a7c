import type { TUserRow } from '@atrium/contract';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { initials } from '../../../shared/format/initials.ts';
import { formatRelativeTime } from '../../../shared/format/relative-time.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import {
  availableActions,
  type Ordering,
  roleLabel,
  type SortColumn,
  sortDirection,
  type UserAction,
} from '../user-list-query.ts';
import { StatusChip } from './status-chip.tsx';
import { UserRowMenu } from './user-row-menu.tsx';

/** Columns that give way on small screens: name, status and actions always stay. */
const FROM_SM = { display: { xs: 'none', sm: 'table-cell' } };
const FROM_MD = { display: { xs: 'none', md: 'table-cell' } };
const FROM_LG = { display: { xs: 'none', lg: 'table-cell' } };

interface UsersTableProps {
  rows: TUserRow[] | undefined;
  pageSize: number;
  ordering: Ordering;
  onSort: (column: SortColumn) => void;
  onAction: (user: TUserRow, action: UserAction) => void;
}

function SortHeader({
  column,
  ordering,
  onSort,
  children,
  sx,
}: {
  column: SortColumn;
  ordering: Ordering;
  onSort: (column: SortColumn) => void;
  children: ReactNode;
  sx?: object;
}) {
  const direction = sortDirection(ordering, column);
  return (
    <TableCell sortDirection={direction} sx={sx}>
      <TableSortLabel
        active={direction !== false}
        direction={
          direction || (column === 'date_joined' || column === 'last_login' ? 'desc' : 'asc')
        }
        onClick={() => onSort(column)}
      >
        {children}
      </TableSortLabel>
    </TableCell>
  );
}

function dateCell(value: string | null): ReactNode {
  if (!value)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Never
      </Typography>
    );
  return (
    <time dateTime={value} title={new Date(value).toLocaleString()}>
      {formatRelativeTime(value)}
    </time>
  );
}

/** The user list; skeleton rows while the first page loads. */
export function UsersTable({ rows, pageSize, ordering, onSort, onAction }: UsersTableProps) {
  return (
    <TableContainer>
      <Table aria-label="Users" size="small" sx={{ '& td, & th': { py: 1.25 } }}>
        <TableHead>
          <TableRow>
            <SortHeader column="name" ordering={ordering} onSort={onSort}>
              Name
            </SortHeader>
            <SortHeader column="username" ordering={ordering} onSort={onSort} sx={FROM_MD}>
              User name
            </SortHeader>
            <TableCell sx={FROM_SM}>Role</TableCell>
            <TableCell sx={FROM_LG}>Department</TableCell>
            <TableCell>Status</TableCell>
            <SortHeader column="date_joined" ordering={ordering} onSort={onSort} sx={FROM_LG}>
              Joined
            </SortHeader>
            <SortHeader column="last_login" ordering={ordering} onSort={onSort} sx={FROM_MD}>
              Last sign-in
            </SortHeader>
            <TableCell align="right" padding="checkbox">
              <VisuallyHidden>Actions</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows === undefined
            ? Array.from({ length: Math.min(pageSize, 8) }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <TableRow key={index}>
                  <TableCell colSpan={8}>
                    <Skeleton height={36} />
                  </TableCell>
                </TableRow>
              ))
            : rows.map((user) => (
                <TableRow key={user.id} hover>
                  <TableCell sx={{ maxWidth: { xs: 180, sm: 280 } }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                      <Avatar
                        sx={{
                          // Phones keep the width for the name.
                          display: { xs: 'none', sm: 'flex' },
                          width: 32,
                          height: 32,
                          fontSize: '0.8rem',
                          bgcolor: 'secondary.main',
                        }}
                      >
                        {initials(user.fullname || user.username)}
                      </Avatar>
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
                          {user.fullname || user.username}
                        </Typography>
                        <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
                          {user.email}
                        </Typography>
                      </Box>
                    </Box>
                  </TableCell>
                  <TableCell sx={{ ...FROM_MD, overflowWrap: 'anywhere' }}>
                    {user.username}
                  </TableCell>
                  <TableCell sx={FROM_SM}>{roleLabel(user.role.id)}</TableCell>
                  <TableCell sx={FROM_LG}>
                    {user.department?.name ?? '—'}
                    {user.designation && (
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {user.designation.name}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <StatusChip status={user.status} />
                  </TableCell>
                  <TableCell sx={FROM_LG}>{dateCell(user.date_joined)}</TableCell>
                  <TableCell sx={FROM_MD}>{dateCell(user.last_login)}</TableCell>
                  <TableCell align="right" padding="checkbox">
                    <UserRowMenu
                      user={user}
                      actions={availableActions(user)}
                      onAction={(action) => onAction(user, action)}
                    />
                  </TableCell>
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
