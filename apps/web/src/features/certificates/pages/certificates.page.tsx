import { ROLE } from '@atrium/contract';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useCertificates } from '../api/certificates.api.ts';
import { AdminCertificates } from '../components/admin-certificates.tsx';
import { CertificateCard } from '../components/certificate-card.tsx';
import { TemplatesPanel } from '../components/templates-panel.tsx';

function MyCertificates() {
  const q = useCertificates({ page: 1, page_size: 100, mine: 'true' });
  if (q.isPending)
    return <Skeleton variant="rounded" height={160} aria-label="Loading certificates" />;
  if (q.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => q.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(q.error)}
      </Alert>
    );
  }
  if (q.data.results.length === 0) {
    return (
      <EmptyState icon={<WorkspacePremiumOutlined />}>
        No certificates yet. Complete a course, learning path, assessment or classroom to earn one.
      </EmptyState>
    );
  }
  return (
    <Grid container spacing={2}>
      {q.data.results.map((c) => (
        <Grid key={c.id} size={{ xs: 12, sm: 6, lg: 4 }}>
          <CertificateCard c={c} />
        </Grid>
      ))}
    </Grid>
  );
}

/** /certificate: a learner's certificates; for admins also the organisation's and the templates. */
export default function CertificatesPage() {
  const { user } = useSession();
  const admin = isAdmin(user?.role.id ?? ROLE.LEARNER);
  const [tab, setTab] = useState(admin ? 'all' : 'mine');
  return (
    <PageContainer>
      <PageHeader title={admin ? 'Certification' : 'My certificates'} />
      {admin && (
        <Tabs
          value={tab}
          onChange={(_e, v) => setTab(v)}
          sx={{ mb: 2 }}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          <Tab value="all" label="Issued certificates" />
          <Tab value="templates" label="Templates" />
          <Tab value="mine" label="My certificates" />
        </Tabs>
      )}
      {tab === 'mine' && <MyCertificates />}
      {tab === 'all' && admin && <AdminCertificates />}
      {tab === 'templates' && admin && <TemplatesPanel />}
    </PageContainer>
  );
}
