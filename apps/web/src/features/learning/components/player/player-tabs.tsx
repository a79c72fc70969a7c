import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { ScopedDiscussions } from '../../../discussions/index.ts';
import { AssignmentsPanel } from './assignments-panel.tsx';

const TABS = [
  { key: 'assignments', label: 'Assignments' },
  { key: 'discussion', label: 'Discussion' },
] as const;

/** Under the open file: the course's assignments and its discussion, one at a time. */
export function PlayerTabs({
  courseId,
  courseTitle,
  canSubmit,
}: {
  courseId: number;
  courseTitle: string;
  canSubmit: boolean;
}) {
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('assignments');
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3 }}>
      <Tabs
        value={tab}
        onChange={(_event, value) => setTab(value)}
        aria-label="Course activities"
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map(({ key, label }) => (
          <Tab
            key={key}
            value={key}
            label={label}
            id={`player-tab-${key}`}
            aria-controls={`player-tabpanel-${key}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`player-tabpanel-${tab}`}
        aria-labelledby={`player-tab-${tab}`}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        {tab === 'assignments' ? (
          <AssignmentsPanel courseId={courseId} canSubmit={canSubmit} />
        ) : (
          <ScopedDiscussions scope="course" scopeId={courseId} scopeName={courseTitle} />
        )}
      </Box>
    </Paper>
  );
}
