import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { STATUS_LABELS, type UserStatus } from '../user-list-query.ts';

const ICONS: Record<UserStatus, ReactElement> = {
  active: <CheckCircleOutlined />,
  inactive: <PauseCircleOutlined />,
  pending: <HourglassTopOutlined />,
  rejected: <CancelOutlined />,
};

/**
 * A user's status. The colour is on the icon and border only: the label stays in the text colour,
 * since white on the warning orange (and orange on white) is too faint to read.
 */
export function StatusChip({ status }: { status: UserStatus }) {
  const { label, color } = STATUS_LABELS[status];
  const tone = color === 'default' ? 'text.secondary' : `${color}.main`;
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={ICONS[status]}
      label={label}
      sx={{ borderColor: tone, color: 'text.primary', '& .MuiChip-icon': { color: tone } }}
    />
  );
}
