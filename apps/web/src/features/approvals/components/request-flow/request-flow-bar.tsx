import type { TApprovalRequestDetail } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { APPROVAL_MESSAGES, useApprovalRequest } from '../../api/requests.api.ts';
import { levelText, waitingText } from '../../approval-query.ts';
import { RequestStatusChip } from '../requests/request-status-chip.tsx';
import { RequestFlowActions, RequestsLink } from './request-flow-actions.tsx';
import { requestFlowId } from './request-flow-id.ts';

/**
 * Request-flow mode (spec §2): an approver opens the item a request is about with
 * `?requestflow=<request id>`; this bar stays at the top of the page while they look at it and
 * lets them decide there. Without a request id the flag alone only marks approver mode (the top
 * bar's chip), and the bar shows nothing.
 */
export function RequestFlowBar() {
  const [params] = useSearchParams();
  const id = requestFlowId(params);
  if (id === null) return null;
  return <RequestFlowRequest id={id} />;
}

function RequestFlowRequest({ id }: { id: number }) {
  const request = useApprovalRequest(id);

  if (request.isPending) {
    return (
      <Sticky busy>
        <Skeleton variant="text" width="60%" aria-hidden />
        <Skeleton variant="text" width="30%" aria-hidden />
      </Sticky>
    );
  }
  if (request.isError) {
    const gone =
      request.error instanceof ApiError &&
      (request.error.status === 404 || request.error.status === 403);
    return (
      <Sticky plain>
        {gone ? (
          // Quiet on purpose: the page below still works, only the request is not the caller's.
          <Alert severity="info" variant="outlined">
            This approval request is not available to you: it may have been removed, or it is not
            yours to see. <RequestsLink />
          </Alert>
        ) : (
          <Alert
            severity="warning"
            variant="outlined"
            action={
              <Button color="inherit" size="small" onClick={() => request.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(request.error, APPROVAL_MESSAGES.detailFailed)}
          </Alert>
        )}
      </Sticky>
    );
  }
  return (
    <Sticky>
      <RequestSummary request={request.data} />
    </Sticky>
  );
}

function RequestSummary({ request }: { request: TApprovalRequestDetail }) {
  const pending = request.status === 'pending';
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      sx={{ gap: { xs: 1.5, md: 2 }, alignItems: { md: 'center' } }}
    >
      <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="strong" sx={{ fontWeight: 600 }}>
            Approval request: {request.module_label}
          </Box>{' '}
          — {request.subject.title} from {request.requester.fullname}, level {levelText(request)}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <RequestStatusChip status={request.status} />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {pending
              ? `Waiting on: ${waitingText(request)}`
              : request.comment
                ? `Comment: ${request.comment}`
                : null}
          </Typography>
        </Stack>
      </Stack>
      <RequestFlowActions request={request} />
    </Stack>
  );
}

/**
 * Sticks under the fixed top bar (`--app-header-height`, set by the shell's main area) with the
 * page's own side padding, so it lines up with the content it is about.
 */
function Sticky({
  children,
  busy = false,
  plain = false,
}: {
  children: ReactNode;
  busy?: boolean;
  /** An alert brings its own frame. */
  plain?: boolean;
}) {
  return (
    <Box
      component="section"
      aria-label="Approval request"
      aria-busy={busy}
      sx={(theme) => ({
        position: 'sticky',
        top: 'var(--app-header-height, 0px)',
        zIndex: theme.zIndex.appBar - 1,
        px: { xs: 2, sm: 3, lg: 4 },
        pt: { xs: 1.5, sm: 2 },
        // The page scrolls under it: the strip behind the card hides what passes.
        bgcolor: 'background.default',
        pb: 0.5,
      })}
    >
      {plain ? (
        <Box sx={{ bgcolor: 'background.paper', borderRadius: 1 }}>{children}</Box>
      ) : (
        <Paper
          variant="outlined"
          sx={{ p: { xs: 1.5, sm: 2 }, borderColor: 'secondary.main', borderLeftWidth: 4 }}
        >
          {children}
        </Paper>
      )}
    </Box>
  );
}
