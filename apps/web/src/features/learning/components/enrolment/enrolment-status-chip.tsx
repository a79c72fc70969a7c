import type { TEnrolmentStatus } from '@atrium/contract';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { ENROLMENT_STATUS } from './enrolment-logic.ts';

const ICONS: Record<TEnrolmentStatus, ReactElement> = {
  requested: <HourglassTopOutlined />,
  enrolled: <PlayCircleOutlined />,
  completed: <CheckCircleOutlined />,
  rejected: <CancelOutlined />,
};

/**
 * An enrolment's (or request's) status. The colour is on the icon and border only, so the label
 * keeps the text colour and stays readable on both themes.
 */
export function EnrolmentStatusChip({
  status,
  label,
}: {
  status: TEnrolmentStatus;
  label?: string;
}) {
  const { label: defaultLabel, color } = ENROLMENT_STATUS[status];
  const tone = color === 'default' ? 'text.secondary' : `${color}.main`;
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={ICONS[status]}
      label={label ?? defaultLabel}
      sx={{ borderColor: tone, color: 'text.primary', '& .MuiChip-icon': { color: tone } }}
    />
  );
}
