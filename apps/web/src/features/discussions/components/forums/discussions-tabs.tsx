import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { DISCUSSIONS_URL, FORUMS_URL } from '../../labels.ts';

export type DiscussionsTab = 'topics' | 'forums';

const TABS: { key: DiscussionsTab; label: string; to: string }[] = [
  { key: 'topics', label: 'Topics', to: DISCUSSIONS_URL },
  { key: 'forums', label: 'Forums', to: FORUMS_URL },
];

/**
 * Topics | Forums over the discussion pages. Each tab is a link (its own URL, so it can be
 * bookmarked and the back button works); the current one says so with aria-current.
 */
export function DiscussionsTabs({ current }: { current: DiscussionsTab }) {
  return (
    <Tabs
      value={current}
      aria-label="Discussions sections"
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
