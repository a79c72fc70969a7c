import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';

export type ReportsTab = 'overview' | 'custom' | 'schedules' | 'downloads';

const TABS: { key: ReportsTab; label: string; to: string }[] = [
  { key: 'overview', label: 'Overview', to: '/reports' },
  { key: 'custom', label: 'Custom reports', to: '/reports/custom' },
  { key: 'schedules', label: 'Schedules', to: '/reports/schedules' },
  { key: 'downloads', label: 'Downloads', to: '/reports/downloads' },
];

/**
 * Overview | Custom reports | Schedules | Downloads over the report pages. Each tab is a link
 * (its own URL, bookmarkable, the back button works); the current one says so with aria-current.
 * Scrollable: four tabs do not fit a 360 px phone side by side.
 */
export function ReportsTabs({ current }: { current: ReportsTab }) {
  return (
    <Tabs
      value={current}
      aria-label="Report sections"
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map((t) => (
        <Tab
          key={t.key}
          value={t.key}
          label={t.label}
          component={RouterLink}
          to={t.to}
          aria-current={t.key === current ? 'page' : undefined}
        />
      ))}
    </Tabs>
  );
}
