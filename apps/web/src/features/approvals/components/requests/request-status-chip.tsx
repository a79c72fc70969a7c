import type { TApprovalRequestStatus } from '@atrium/contract';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import TimerOffOutlined from '@mui/icons-material/TimerOffOutlined';
import UndoOutlined from '@mui/icons-material/UndoOutlined';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { STATUS_LABELS } from '../../approval-query.ts';

const LOOK: Record<TApprovalRequestStatus, { icon: ReactElement; tone: string }> = {
  pending: { icon: <HourglassTopOutlined />, tone: 'warning.main' },
  approved: { icon: <CheckCircleOutlined />, tone: 'success.main' },
  rejected: { icon: <CancelOutlined />, tone: 'error.main' },
  withdrawn: { icon: <UndoOutlined />, tone: 'text.secondary' },
  expired: { icon: <TimerOffOutlined />, tone: 'text.secondary' },
};

/**
 * A request's status. The colour is on the icon and border only, so the label keeps the text
 * colour and stays readable in both themes; the icon tells the states apart without colour.
 */
export function RequestStatusChip({ status }: { status: TApprovalRequestStatus }) {
  const { icon, tone } = LOOK[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={icon}
      label={STATUS_LABELS[status]}
      sx={{ borderColor: tone, color: 'text.primary', '& .MuiChip-icon': { color: tone } }}
    />
  );
}
