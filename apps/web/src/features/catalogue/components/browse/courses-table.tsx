import type { TCourse } from '@atrium/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CourseStatusChip } from './course-status-chip.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function RowAction({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton component={RouterLink} to={to} aria-label={label} size="small">
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** Courses as rows for staff: the table scrolls sideways on a phone rather than squashing. */
export function CoursesTable({
  rows,
  pageSize,
}: {
  rows: TCourse[] | undefined;
  pageSize: number;
}) {
  return (
    <TableContainer>
      <Table size="small" sx={{ minWidth: 820 }} aria-label="Courses">
        <TableHead>
          <TableRow>
            <TableCell>Title</TableCell>
            <TableCell>Category</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Created by</TableCell>
            <TableCell align="right">Modules</TableCell>
            <TableCell>Updated</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows === undefined
            ? Array.from({ length: Math.min(pageSize, 8) }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <TableRow key={i}>
                  <TableCell colSpan={7}>
                    <Skeleton height={32} />
                  </TableCell>
                </TableRow>
              ))
            : rows.map((course) => (
                <TableRow key={course.id} hover>
                  <TableCell sx={{ maxWidth: 320 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Link
                        component={RouterLink}
                        to={`/courses/course-detail/${course.id}`}
                        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                      >
                        {course.title}
                      </Link>
                      {course.is_cpd && <Chip size="small" label="CPD" color="secondary" />}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    {course.category?.name ?? (
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        None
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <CourseStatusChip status={course.status} />
                  </TableCell>
                  <TableCell>{course.created_by?.fullname ?? '—'}</TableCell>
                  <TableCell align="right">{course.module_count}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {dateFormat.format(new Date(course.updated_at))}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {course.abilities.edit && (
                      <RowAction
                        to={`/courses/edit-course/${course.id}`}
                        label={`Edit ${course.title}`}
                        icon={<EditOutlined fontSize="small" />}
                      />
                    )}
                    <RowAction
                      to={`/courses/course-detail/${course.id}`}
                      label={`Open ${course.title}`}
                      icon={<VisibilityOutlined fontSize="small" />}
                    />
                    {course.abilities.manage && (
                      <RowAction
                        to={`/all_assigned_courses_list/${course.id}`}
                        label={`Learners of ${course.title}`}
                        icon={<GroupOutlined fontSize="small" />}
                      />
                    )}
                  </TableCell>
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
