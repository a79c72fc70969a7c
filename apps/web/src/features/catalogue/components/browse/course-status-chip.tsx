import Chip from '@mui/material/Chip';
import type { CourseStatus } from '../../catalogue-query.ts';
import { STATUS_LABELS } from '../../catalogue-query.ts';

/** Where a course is in its draft → pending → approved → published life (staff see it). */
export function CourseStatusChip({ status }: { status: CourseStatus }) {
  const { label, color } = STATUS_LABELS[status];
  return (
    <Chip
      size="small"
      label={label}
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
    />
  );
}
