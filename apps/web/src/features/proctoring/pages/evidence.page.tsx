import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useProctorDetail, useProctoringUpdates } from '../api/proctoring.api.ts';
import { useIsStaff } from '../components/proctor-frame.tsx';
import { missing } from '../components/proctor-grid-view.tsx';
import { sessionEvidence } from '../evidence/evidence-model.ts';
import { EvidenceViewer } from '../evidence/evidence-viewer.tsx';
import { useSessionParam } from '../learner/learner-drawer.tsx';
import { evidenceUrl, proctorGroupUrl } from '../urls.ts';

/**
 * '/assessment/:id/proctor-view-card/:groupId/:evidence': one still or clip, large, with its
 * flag and the session's other evidence a key away.
 */
export default function EvidencePage() {
  const params = useParams();
  const id = Number(params.id);
  const group = Number(params.groupId);
  const evidenceId = Number(params.evidence);
  const session = useSessionParam();
  const staff = useIsStaff();
  const navigate = useNavigate();
  const location = useLocation();
  const detail = useProctorDetail(staff ? session : null);
  useProctoringUpdates(staff ? id : 0);

  if (!staff) {
    return (
      <AccessNotice title="Evidence">
        Proctoring evidence is for an assessment’s author, its reviewers and administrators.
      </AccessNotice>
    );
  }
  const cardUrl =
    session === null ? proctorGroupUrl(id, group) : proctorGroupUrl(id, group, session);
  // Opened from the card, Back returns to it as it was; from a link, go to the card afresh.
  const back = () => {
    if ((location.state as { fromCard?: boolean } | null)?.fromCard) void navigate(-1);
    else void navigate(cardUrl);
  };
  // Previous and next replace the entry, so Back leaves the viewer instead of stepping through.
  const go = (evidence: number) =>
    void navigate(evidenceUrl(id, group, evidence, session ?? 0), {
      replace: true,
      state: location.state,
    });

  const items = detail.data ? sessionEvidence(detail.data) : [];
  const index = items.findIndex((item) => item.evidence.id === evidenceId);

  return (
    <PageContainer>
      <Button
        component={RouterLink}
        to={cardUrl}
        onClick={(event) => {
          event.preventDefault();
          back();
        }}
        startIcon={<ArrowBackOutlined />}
        size="small"
        sx={{ mb: 1 }}
      >
        Learner card
      </Button>
      <PageHeader
        title={detail.data ? `Evidence: ${detail.data.learner.name}` : 'Evidence'}
        subtitle={detail.data?.assessment.title}
      />
      {session === null && (
        <Alert severity="info">
          Open evidence from a learner’s card: this address does not say whose it is.
        </Alert>
      )}
      {detail.isPending && session !== null && (
        <Skeleton variant="rounded" height={360} aria-label="Loading the evidence" />
      )}
      {detail.isError && (
        <Alert severity={missing(detail.error) ? 'info' : 'error'}>
          {missing(detail.error)
            ? 'This learner’s session does not exist, or you are not one of its proctors.'
            : errorMessage(detail.error)}
        </Alert>
      )}
      {detail.data && index < 0 && (
        <Alert severity="info">
          This evidence is not part of this learner’s session any more: it may have been removed
          after the retention period.
        </Alert>
      )}
      {detail.data && index >= 0 && (
        <EvidenceViewer detail={detail.data} items={items} index={index} onGo={go} onBack={back} />
      )}
    </PageContainer>
  );
}
