import type { TLearningPath, TLearningPathStatus, TPage } from '@atrium/contract';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PublishOutlined from '@mui/icons-material/PublishOutlined';
import RouteOutlined from '@mui/icons-material/RouteOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { pageCountProps } from '../../../../shared/ui/page-count.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden.tsx';
import { CARD_PAGE_SIZE, editorPathUrl, formatDate, PATH_MESSAGES } from '../../path-labels.ts';
import { PathStatusChip } from '../state-chips.tsx';

export type ManageAction = { kind: 'status'; to: TLearningPathStatus } | { kind: 'delete' };

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
 * The paths the caller may edit, as rows: status, size, learners and the actions the server
 * allows on each (abilities), so a trainer sees no button that would only be refused.
 */
export function ManageTable({
  list,
  page,
  onPage,
  onAction,
  empty,
}: {
  list: UseQueryResult<TPage<TLearningPath>>;
  page: number;
  onPage: (page: number) => void;
  onAction: (path: TLearningPath, action: ManageAction) => void;
  empty: string;
}) {
  if (list.isError && !list.data) {
    return <Alert severity="error">{errorMessage(list.error, PATH_MESSAGES.listFailed)}</Alert>;
  }
  const rows = list.data?.results;
  return (
    <Card>
      <LinearProgress
        aria-label="Loading learning paths"
        sx={{ visibility: list.isFetching && rows ? 'visible' : 'hidden' }}
      />
      {rows?.length === 0 ? (
        <EmptyState icon={<RouteOutlined fontSize="large" />}>{empty}</EmptyState>
      ) : (
        <TableContainer>
          <Table size="small" sx={{ minWidth: 760 }} aria-label="Learning paths you manage">
            <TableHead>
              <TableRow>
                <TableCell>Title</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Courses</TableCell>
                <TableCell align="right">Learners</TableCell>
                <TableCell>Created</TableCell>
                <TableCell align="right">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows === undefined
                ? Array.from({ length: 6 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <TableRow key={i}>
                      <TableCell colSpan={6}>
                        <Skeleton height={32} />
                      </TableCell>
                    </TableRow>
                  ))
                : rows.map((path) => (
                    <TableRow key={path.id} hover>
                      <TableCell sx={{ maxWidth: 320 }}>
                        <Link
                          component={RouterLink}
                          to={editorPathUrl(path.id)}
                          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                        >
                          {path.title}
                        </Link>
                      </TableCell>
                      <TableCell>
                        <PathStatusChip status={path.status} />
                      </TableCell>
                      <TableCell align="right">{path.item_count}</TableCell>
                      <TableCell align="right">{path.enrolled_count.toLocaleString()}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDate(path.created_at)}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {path.abilities.edit && (
                          <Tooltip title="Edit">
                            <IconButton
                              size="small"
                              component={RouterLink}
                              to={editorPathUrl(path.id)}
                              aria-label={`Edit ${path.title}`}
                            >
                              <EditOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                        {path.abilities.publish && path.status !== 'published' && (
                          <Action
                            label={`Publish ${path.title}`}
                            icon={<PublishOutlined fontSize="small" />}
                            onClick={() => onAction(path, { kind: 'status', to: 'published' })}
                          />
                        )}
                        {path.abilities.archive && path.status === 'published' && (
                          <Action
                            label={`Archive ${path.title}`}
                            icon={<ArchiveOutlined fontSize="small" />}
                            onClick={() => onAction(path, { kind: 'status', to: 'archived' })}
                          />
                        )}
                        {path.abilities.publish && path.status === 'archived' && (
                          <Action
                            label={`Return ${path.title} to draft`}
                            icon={<UnarchiveOutlined fontSize="small" />}
                            onClick={() => onAction(path, { kind: 'status', to: 'draft' })}
                          />
                        )}
                        {path.abilities.delete && (
                          <Action
                            label={`Delete ${path.title}`}
                            icon={<DeleteOutlined fontSize="small" />}
                            onClick={() => onAction(path, { kind: 'delete' })}
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
        onPageChange={(_event, next) => onPage(next + 1)}
        rowsPerPage={CARD_PAGE_SIZE}
        rowsPerPageOptions={[]}
      />
    </Card>
  );
}
