import { CLASSROOM_STATUSES, type TClassroom, type TClassroomStatus } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PublishOutlined from '@mui/icons-material/PublishOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import UnpublishedOutlined from '@mui/icons-material/UnpublishedOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
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
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useClassrooms } from '../api/classrooms.api.ts';
import { CLASSROOM_MESSAGES, CLASSROOM_STATUS, classroomClassesUrl } from '../labels.ts';
import { formatDateTime } from '../time.ts';
import { ClassroomStatusChip } from './status-chips.tsx';

export type ClassroomAction = 'edit' | 'publish' | 'withdraw' | 'delete';
const PAGE_SIZE = 10;

function Action({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The staff's list of classrooms: searched, filtered by status, paged by the server. Each row
 * offers only what its `abilities` allow (a trainer sees no Delete on another's classroom).
 */
export function ClassroomTable({
  onAction,
  publishesDirectly,
  toolbar,
}: {
  onAction: (classroom: TClassroom, action: ClassroomAction) => void;
  /** Admins publish at once; a trainer's publish is a request for approval. */
  publishesDirectly: boolean;
  /** Page-wide actions at the end of the filter bar. */
  toolbar?: ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TClassroomStatus | null>(null);
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search.trim());
  const list = useClassrooms({
    search: debounced || undefined,
    status: status ?? undefined,
    page,
    page_size: PAGE_SIZE,
  });
  const rows = list.data?.results;
  const filtered = debounced !== '' || status !== null;

  return (
    <Card>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ p: 2, alignItems: { md: 'center' } }}
      >
        <TextField
          size="small"
          label="Search classrooms"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          sx={{ minWidth: { md: 280 } }}
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
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
          role="group"
          aria-label="Filter by status"
        >
          <Chip
            label="All"
            color={status === null ? 'primary' : 'default'}
            variant={status === null ? 'filled' : 'outlined'}
            onClick={() => {
              setStatus(null);
              setPage(1);
            }}
            aria-pressed={status === null}
          />
          {CLASSROOM_STATUSES.map((s) => (
            <Chip
              key={s}
              label={CLASSROOM_STATUS[s].label}
              color={status === s ? 'primary' : 'default'}
              variant={status === s ? 'filled' : 'outlined'}
              onClick={() => {
                setStatus(s);
                setPage(1);
              }}
              aria-pressed={status === s}
            />
          ))}
        </Stack>
        {toolbar && (
          <Box
            sx={{
              ml: { md: 'auto !important' },
              flexShrink: 0,
              alignSelf: { xs: 'flex-start', md: 'center' },
            }}
          >
            {toolbar}
          </Box>
        )}
      </Stack>
      <LinearProgress
        aria-label="Loading classrooms"
        sx={{ visibility: list.isFetching && rows ? 'visible' : 'hidden' }}
      />
      {list.isError && !list.data ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorMessage(list.error, CLASSROOM_MESSAGES.listFailed)}
        </Alert>
      ) : rows?.length === 0 ? (
        <EmptyState icon={<SchoolOutlined fontSize="large" />}>
          {filtered
            ? 'No classrooms match these filters.'
            : 'No classrooms yet. Create the first one.'}
        </EmptyState>
      ) : (
        // Positioned: it holds the visually hidden header text, which is placed absolutely and
        // would otherwise widen the whole page on a phone.
        <TableContainer sx={{ position: 'relative' }}>
          <Table size="small" sx={{ minWidth: 720 }} aria-label="Classrooms">
            <TableHead>
              <TableRow>
                <TableCell>Title</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Classes</TableCell>
                <TableCell align="right">Sessions</TableCell>
                <TableCell>Next session</TableCell>
                <TableCell align="right">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows === undefined
                ? Array.from({ length: 5 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <TableRow key={i}>
                      <TableCell colSpan={6}>
                        <Skeleton height={32} />
                      </TableCell>
                    </TableRow>
                  ))
                : rows.map((c) => (
                    <TableRow key={c.id} hover>
                      <TableCell sx={{ maxWidth: 320 }}>
                        <Link
                          component={RouterLink}
                          to={classroomClassesUrl(c.id)}
                          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                        >
                          {c.title}
                        </Link>
                      </TableCell>
                      <TableCell>
                        <ClassroomStatusChip status={c.status} />
                      </TableCell>
                      <TableCell align="right">{c.class_count}</TableCell>
                      <TableCell align="right">{c.session_count}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(c.next_session_at)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {c.abilities.edit && (
                          <Action
                            label={`Edit ${c.title}`}
                            icon={<EditOutlined fontSize="small" />}
                            onClick={() => onAction(c, 'edit')}
                          />
                        )}
                        {c.abilities.publish && c.status === 'draft' && (
                          <Action
                            label={
                              publishesDirectly
                                ? `Publish ${c.title}`
                                : `Submit ${c.title} for approval`
                            }
                            icon={<PublishOutlined fontSize="small" />}
                            onClick={() => onAction(c, 'publish')}
                          />
                        )}
                        {c.abilities.edit && c.status !== 'draft' && (
                          <Action
                            label={`Withdraw ${c.title} to draft`}
                            icon={<UnpublishedOutlined fontSize="small" />}
                            onClick={() => onAction(c, 'withdraw')}
                          />
                        )}
                        {c.abilities.delete && (
                          <Action
                            label={`Delete ${c.title}`}
                            icon={<DeleteOutlined fontSize="small" />}
                            onClick={() => onAction(c, 'delete')}
                          />
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
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
    </Card>
  );
}
