import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useCpdSummary } from '../api/cpd.api.ts';
import { MyCpd } from '../components/my-cpd.tsx';
import { CpdProblem } from '../components/not-found.tsx';
import { cpdUrl } from '../labels.ts';

const NOT_FOUND =
  'This CPD ledger was not found, or it is not yours to see: a ledger is open to its learner and the admins of their organisation.';

/**
 * '/cpd-view/{uid}': a user's CPD for the admins of their organisation (approval requests link
 * here). Read-only: no adding or withdrawing; the exports and the evidence download stay.
 */
export default function CpdViewPage() {
  const { uid } = useParams();
  const { user } = useSession();
  const id = Number(uid);
  const valid = Number.isInteger(id) && id > 0;
  // The same query My CPD reads below: its user names the page.
  const summary = useCpdSummary(id, valid);
  if (!valid) return <CpdProblem text={NOT_FOUND} />;
  if (summary.error instanceof ApiError && summary.error.status === 404) {
    return <CpdProblem text={NOT_FOUND} />;
  }
  const name = summary.data?.user.name;
  return (
    <PageContainer>
      <PageHeader
        title={name ?? <Skeleton width={240} aria-label="Loading the name" />}
        subtitle="CPD ledger: progress in the current cycle and every entry."
        actions={
          user &&
          isAdmin(user.role.id) && (
            <Button component={RouterLink} to={cpdUrl('people')} startIcon={<ArrowBackOutlined />}>
              People
            </Button>
          )
        }
      />
      <MyCpd userId={id} readOnly />
    </PageContainer>
  );
}
