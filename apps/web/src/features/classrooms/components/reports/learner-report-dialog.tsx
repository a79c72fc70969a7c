import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { LearnerReport } from './learner-report.tsx';

/** Staff open one learner's attendance across classes from a list of people (full screen on phones). */
export function LearnerReportDialog({
  learner,
  onClose,
}: {
  learner: { id: number; fullname: string } | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open={learner !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {learner?.fullname}
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Attendance across classes
          </Typography>
        </Box>
        <IconButton aria-label="Close" onClick={onClose} edge="end">
          <CloseOutlined />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ bgcolor: 'background.default', pt: '16px !important' }}>
        {learner && <LearnerReport userId={learner.id} />}
      </DialogContent>
    </Dialog>
  );
}
