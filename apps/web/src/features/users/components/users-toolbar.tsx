import { USER_STATUSES } from '@atrium/contract';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useDepartments } from '../../organisations/index.ts';
import {
  roleLabel,
  STATUS_LABELS,
  type UserListState,
  type UserStatus,
} from '../user-list-query.ts';

type Filters = Pick<UserListState, 'role' | 'department' | 'status'>;

interface UsersToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  filters: Filters;
  onFilters: (filters: Partial<Filters>) => void;
  roles: number[];
  organisationId: number;
}

const ANY = '';

/** Search (sent once typing pauses) and the role, department and status filters. */
export function UsersToolbar({
  search,
  onSearch,
  filters,
  onFilters,
  roles,
  organisationId,
}: UsersToolbarProps) {
  const departments = useDepartments(organisationId);
  const filtered = filters.role !== '' || filters.department !== null || filters.status !== '';
  // A select shows only values among its options; the department list may still be loading.
  const department =
    filters.department !== null && departments.data?.some((d) => d.id === filters.department)
      ? String(filters.department)
      : ANY;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ p: 2, flexWrap: { md: 'wrap' }, alignItems: { md: 'center' } }}
    >
      <TextField
        label="Search users"
        placeholder="Name, user name or e-mail"
        type="search"
        size="small"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        sx={{ flex: { md: '1 1 260px' }, minWidth: { md: 220 } }}
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
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ flex: { md: '2 1 480px' }, flexWrap: 'wrap', alignContent: 'flex-start' }}
      >
        <TextField
          select
          label="Role"
          size="small"
          value={filters.role === '' ? ANY : String(filters.role)}
          onChange={(event) =>
            onFilters({
              role:
                event.target.value === ANY ? '' : (Number(event.target.value) as Filters['role']),
            })
          }
          sx={{ flex: '1 1 140px' }}
        >
          <MenuItem value={ANY}>All roles</MenuItem>
          {roles.map((role) => (
            <MenuItem key={role} value={String(role)}>
              {roleLabel(role)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Department"
          size="small"
          value={department}
          onChange={(event) =>
            onFilters({
              department: event.target.value === ANY ? null : Number(event.target.value),
            })
          }
          sx={{ flex: '1 1 140px' }}
        >
          <MenuItem value={ANY}>All departments</MenuItem>
          {departments.data?.map((item) => (
            <MenuItem key={item.id} value={String(item.id)}>
              {item.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Status"
          size="small"
          value={filters.status}
          onChange={(event) => onFilters({ status: event.target.value as UserStatus | '' })}
          sx={{ flex: '1 1 140px' }}
        >
          <MenuItem value={ANY}>Any status</MenuItem>
          {USER_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {STATUS_LABELS[status].label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {filtered && (
        <Button
          color="inherit"
          size="small"
          onClick={() => onFilters({ role: '', department: null, status: '' })}
          sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
        >
          Clear filters
        </Button>
      )}
    </Stack>
  );
}
