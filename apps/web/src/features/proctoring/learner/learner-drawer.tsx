import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useProctorDetail } from '../api/proctoring.api.ts';
import { missing } from '../components/proctor-grid-view.tsx';
import { LearnerCard } from './learner-card.tsx';

/** The learner card's session from the address (?session=), so it is linkable and Back closes it. */
export function useSessionParam(): number | null {
  const [params] = useSearchParams();
  const session = Number(params.get('session'));
  return Number.isInteger(session) && session > 0 ? session : null;
}

/**
 * The learner card over a group's grid. Opened from the grid it closes with Back (so Forward
 * opens it again); opened from a shared link it drops ?session instead of leaving the app.
 */
export function LearnerDrawer({ assessment, group }: { assessment: number; group: number }) {
  const session = useSessionParam();
  const location = useLocation();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const titleId = useId();
  const detail = useProctorDetail(session);

  const close = () => {
    if ((location.state as { fromGrid?: boolean } | null)?.fromGrid) void navigate(-1);
    else
      setParams(
        (old) => {
          const p = new URLSearchParams(old);
          p.delete('session');
          return p;
        },
        { replace: true },
      );
  };

  return (
    <Drawer
      anchor="right"
      open={session !== null}
      onClose={close}
      slotProps={{
        paper: {
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 520, md: 600 }, p: { xs: 2, sm: 3 } },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography
          id={titleId}
          variant="h2"
          sx={{ fontSize: '1.3rem', flex: 1, overflowWrap: 'anywhere' }}
        >
          {detail.data?.learner.name ?? 'Learner'}
        </Typography>
        <IconButton aria-label="Close the learner card" onClick={close}>
          <CloseOutlined />
        </IconButton>
      </Stack>
      {detail.isPending && session !== null && (
        <Stack spacing={1.5} aria-busy="true" aria-label="Loading the learner card">
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      )}
      {detail.isError && (
        <Alert
          severity={missing(detail.error) ? 'info' : 'error'}
          action={
            <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
              Retry
            </Button>
          }
        >
          {missing(detail.error)
            ? 'This learner’s session does not exist, or you are not one of its proctors.'
            : errorMessage(detail.error)}
        </Alert>
      )}
      {detail.data && <LearnerCard detail={detail.data} assessment={assessment} group={group} />}
    </Drawer>
  );
}
