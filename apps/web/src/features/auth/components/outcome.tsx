import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

const ICONS = {
  success: <TaskAltRounded color="success" sx={{ fontSize: 56 }} />,
  mail: <MarkEmailReadOutlined color="success" sx={{ fontSize: 56 }} />,
  error: <ErrorOutlineRounded color="error" sx={{ fontSize: 56 }} />,
};

/** The end of a public flow: an icon, what happened, and where to go next. */
export function Outcome({
  tone,
  children,
  actions,
}: {
  tone: keyof typeof ICONS;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
      {ICONS[tone]}
      {children}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        {actions}
      </Stack>
    </Stack>
  );
}
