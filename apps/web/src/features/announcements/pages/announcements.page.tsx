import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { canManage, unreadText } from '../announcement-format.ts';
import { useAnnouncementsUnread } from '../api/announcements.api.ts';
import { InboxPanel } from '../components/list/inbox-panel.tsx';
import { ManagePanel } from '../components/list/manage-panel.tsx';
import type { AnnouncementTab } from '../labels.ts';

const TABS: { key: AnnouncementTab; label: string }[] = [
  { key: 'inbox', label: 'Inbox' },
  { key: 'manage', label: 'Manage' },
];
const tabId = (tab: AnnouncementTab) => `announcements-tab-${tab}`;
const panelId = (tab: AnnouncementTab) => `announcements-panel-${tab}`;

/**
 * '/announcements': everyone's inbox; admins and trainers also manage what they sent. The tab is
 * kept in `?tab=`; a learner asking for Manage reads the inbox.
 */
export default function AnnouncementsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const unread = useAnnouncementsUnread();
  if (!user) return null;
  const manager = canManage(user.role.id);
  const tab: AnnouncementTab = manager && params.get('tab') === 'manage' ? 'manage' : 'inbox';
  const tabs = manager ? TABS : TABS.filter((t) => t.key === 'inbox');

  return (
    <PageContainer maxWidth={1000}>
      <PageHeader
        title="Announcements"
        subtitle={
          unread.data ? unreadText(unread.data) : 'News and notices from your organisation.'
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: AnnouncementTab) => setParams({ tab: next }, { replace: true })}
          aria-label="Announcement views"
        >
          {tabs.map((t) => (
            <Tab
              key={t.key}
              value={t.key}
              label={t.label}
              id={tabId(t.key)}
              aria-controls={panelId(t.key)}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'inbox' ? <InboxPanel /> : <ManagePanel />}
      </Box>
    </PageContainer>
  );
}
