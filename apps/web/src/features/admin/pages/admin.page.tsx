import { ROLE, type TAdminOrganisation } from '@atrium/contract';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session/session-context.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { AuditTab } from '../components/audit-tab.tsx';
import { FeaturesTab } from '../components/features-tab.tsx';
import { HealthTab } from '../components/health-tab.tsx';
import { OrganisationsTab } from '../components/organisations-tab.tsx';

const TABS = ['organisations', 'health', 'audit', 'features'] as const;
type TabKey = (typeof TABS)[number];
const LABELS: Record<TabKey, string> = {
  organisations: 'Organisations',
  health: 'Health',
  audit: 'Audit',
  features: 'Features',
};

/**
 * `/admin`, the superadmin console (issue 23): the tab is kept in `?tab=` so a link or a reload
 * opens the same one. The route guard lets superadmins only; the page says so to anyone else
 * (the server refuses them anyway).
 */
export default function AdminPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const [featuresOf, setFeaturesOf] = useState<Pick<TAdminOrganisation, 'id' | 'title'> | null>(
    null,
  );
  const asked = params.get('tab');
  const tab: TabKey = TABS.includes(asked as TabKey) ? (asked as TabKey) : 'organisations';
  const show = (next: TabKey) => {
    const search = new URLSearchParams(params);
    if (next === 'organisations') search.delete('tab');
    else search.set('tab', next);
    setParams(search, { replace: true });
  };

  if (user?.role.id !== ROLE.SUPERADMIN) {
    return <AccessNotice title="Admin console">The admin console is for superadmins.</AccessNotice>;
  }

  return (
    <PageContainer maxWidth={1280}>
      <PageHeader
        title="Admin console"
        subtitle="Every organisation, the system’s health, the audit trail and feature switches."
      />
      <Tabs
        value={tab}
        onChange={(_e, value: TabKey) => show(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Admin console"
        sx={{ mb: 2 }}
      >
        {TABS.map((key) => (
          <Tab key={key} value={key} label={LABELS[key]} id={`admin-tab-${key}`} />
        ))}
      </Tabs>
      <Paper
        variant="outlined"
        role="tabpanel"
        aria-labelledby={`admin-tab-${tab}`}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        {tab === 'organisations' && (
          <OrganisationsTab
            onFeatures={(org) => {
              setFeaturesOf(org);
              show('features');
            }}
          />
        )}
        {tab === 'health' && <HealthTab />}
        {tab === 'audit' && <AuditTab />}
        {tab === 'features' && <FeaturesTab selected={featuresOf} onSelect={setFeaturesOf} />}
      </Paper>
    </PageContainer>
  );
}
