import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { BannedWordsPanel } from '../components/banned-words-panel.tsx';
import { QueueList } from '../components/queue-list.tsx';

const TABS = ['open', 'resolved', 'words'] as const;
type TabKey = (typeof TABS)[number];
const TAB_LABELS: Record<TabKey, string> = {
  open: 'Open',
  resolved: 'Resolved',
  words: 'Banned words',
};

/**
 * '/socialwall/moderation': the organisation's moderation queue (admins; the server refuses
 * anyone else). Reported and held items, the decisions taken, and the banned words; the tab and
 * the page are in the URL.
 */
export default function ModerationPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((t) => t === params.get('tab')) ?? 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (next: TabKey, nextPage = 1) => {
    const p = new URLSearchParams();
    if (next !== 'open') p.set('tab', next);
    if (nextPage > 1) p.set('page', String(nextPage));
    setParams(p, { replace: true });
  };
  return (
    <PageContainer maxWidth={900}>
      <PageHeader
        title="Moderation"
        subtitle="Reported and held posts, answers and comments of your organisation."
        actions={
          <Button component={RouterLink} to="/socialwall" startIcon={<ArrowBack />}>
            Social wall
          </Button>
        }
      />
      <Tabs
        value={tab}
        onChange={(_, next: TabKey) => go(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Moderation"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t) => (
          <Tab
            key={t}
            value={t}
            label={TAB_LABELS[t]}
            id={`moderation-tab-${t}`}
            aria-controls="moderation-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="moderation-panel" aria-labelledby={`moderation-tab-${tab}`}>
        {tab === 'words' ? (
          <BannedWordsPanel />
        ) : (
          <QueueList key={tab} status={tab} page={page} onPage={(p) => go(tab, p)} />
        )}
      </Box>
    </PageContainer>
  );
}
