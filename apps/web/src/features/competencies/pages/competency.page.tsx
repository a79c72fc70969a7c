import { ROLE } from '@atrium/contract';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { FrameworksPanel } from '../components/frameworks-panel.tsx';
import { GapsPanel } from '../components/gaps-panel.tsx';
import { LinksPanel } from '../components/links-panel.tsx';
import { ProfileTab } from '../components/profile-tab.tsx';
import { COMPETENCY_TABS, type CompetencyTab, pickTab, visibleTabs } from '../labels.ts';

const tabId = (tab: CompetencyTab) => `competency-tab-${tab}`;
const panelId = (tab: CompetencyTab) => `competency-panel-${tab}`;

/**
 * '/competency' (perm; the Organization menu's Competency entry): frameworks with their tree,
 * imports and thresholds; links; one's own profile (admins and trainers: a member's too); and for
 * admins the gaps heat map. The tab is kept in `?tab=`. What each panel offers follows the server's `abilities`.
 */
export default function CompetencyPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  const admin = isAdmin(user.role.id);
  const tabs = visibleTabs(admin);
  const tab = pickTab(params.get('tab'), admin);
  return (
    <PageContainer>
      <PageHeader
        title="Competencies"
        subtitle="Frameworks of competencies, what evidences them, and where people stand."
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={tab}
          onChange={(_e, next: CompetencyTab) => setParams({ tab: next }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Competency views"
        >
          {COMPETENCY_TABS.filter((t) => tabs.includes(t.key)).map((t) => (
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
        {tab === 'frameworks' && <FrameworksPanel />}
        {tab === 'links' && <LinksPanel />}
        {tab === 'profile' && <ProfileTab staff={admin || user.role.id === ROLE.TRAINER} />}
        {tab === 'gaps' && <GapsPanel />}
      </Box>
    </PageContainer>
  );
}
