import type { TReportSourceInput } from '@atrium/contract';
import ScheduleSendOutlined from '@mui/icons-material/ScheduleSendOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ScheduleDialog } from './schedule-dialog.tsx';

/**
 * "Schedule" on a report (a saved report's view, a widget): opens the schedule dialog with the
 * report chosen, so it can be e-mailed on a recurrence.
 */
export function ScheduleButton({
  source,
  name,
}: {
  source: TReportSourceInput;
  /** The schedule's name to start from (the report's title). */
  name?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button startIcon={<ScheduleSendOutlined />} onClick={() => setOpen(true)}>
        Schedule
      </Button>
      <ScheduleDialog open={open} onClose={() => setOpen(false)} source={source} name={name} />
    </>
  );
}
