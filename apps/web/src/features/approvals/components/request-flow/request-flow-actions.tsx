import type { TApprovalRequestDetail } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import {
  APPROVAL_MESSAGES,
  useApprovalRequest,
  useDecide,
  useWithdraw,
} from '../../api/requests.api.ts';
import { RejectDialog } from '../requests/reject-dialog.tsx';

/** Back to the list of requests, where the next decision waits. */
export function RequestsLink() {
  return (
    <Link component={RouterLink} to="/requests" sx={{ whiteSpace: 'nowrap' }}>
      Back to requests
    </Link>
  );
}

/** What the caller's own decision did, from the request the server answered with. */
function outcomeText(action: 'approve' | 'reject' | 'withdraw', after: TApprovalRequestDetail) {
  if (action === 'reject') return 'You rejected this request.';
  if (action === 'withdraw') return 'You withdrew this request.';
  if (after.status === 'approved') return 'You approved this request.';
  return `You approved your level; the request now waits at level ${after.level} of ${after.level_count}.`;
}

/**
 * Approve, Reject (with a reason) and Withdraw, each only when the request's `abilities` allow
 * it; after the caller's decision, what it did and the way back to /requests.
 */
export function RequestFlowActions({ request }: { request: TApprovalRequestDetail }) {
  const decide = useDecide();
  const withdraw = useWithdraw();
  const { refetch } = useApprovalRequest(request.id);
  const [rejecting, setRejecting] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const busy = decide.isPending || withdraw.isPending;
  const { approve, reject, withdraw: canWithdraw } = request.abilities;

  // A 409 means the request moved on meanwhile (decided, withdrawn, another level): show it.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) void refetch();
  };
  const approveNow = () => {
    setOutcome(null);
    decide.mutate(
      { id: request.id, status: 1 },
      { onSuccess: (after) => setOutcome(outcomeText('approve', after)), onError },
    );
  };
  const rejectNow = (comment: string) => {
    decide.mutate(
      { id: request.id, status: 2, ...(comment ? { comment } : {}) },
      {
        onSuccess: (after) => {
          setRejecting(false);
          setOutcome(outcomeText('reject', after));
        },
        onError,
      },
    );
  };
  const withdrawNow = () => {
    withdraw.mutate(request.id, {
      onSuccess: (after) => setOutcome(outcomeText('withdraw', after)),
      onError,
      onSettled: () => setWithdrawing(false),
    });
  };

  // The reject dialog shows its own failure (a missing reason lands under its field).
  const approveError = decide.isError && decide.variables?.status === 1 ? decide.error : null;
  const failure = approveError ?? (withdraw.isError ? withdraw.error : null);
  const anyAction = approve || reject || canWithdraw;

  return (
    <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', md: 'flex-end' }, flexShrink: 0 }}>
      {anyAction && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {approve && (
            <Button
              variant="contained"
              color="success"
              onClick={approveNow}
              loading={decide.isPending && decide.variables?.status === 1}
              disabled={busy}
            >
              Approve
            </Button>
          )}
          {reject && (
            <Button
              variant="outlined"
              color="error"
              onClick={() => {
                decide.reset();
                setRejecting(true);
              }}
              disabled={busy}
            >
              Reject
            </Button>
          )}
          {canWithdraw && (
            <Button color="inherit" onClick={() => setWithdrawing(true)} disabled={busy}>
              Withdraw
            </Button>
          )}
        </Stack>
      )}
      {failure !== null && (
        <Alert severity="error" sx={{ py: 0 }}>
          {errorMessage(
            failure,
            approveError ? APPROVAL_MESSAGES.decideFailed : APPROVAL_MESSAGES.withdrawFailed,
          )}
        </Alert>
      )}
      {outcome ? (
        <Typography variant="body2" role="status">
          {outcome} <RequestsLink />
        </Typography>
      ) : (
        !anyAction && (
          <Typography variant="body2">
            <RequestsLink />
          </Typography>
        )
      )}
      <RejectDialog
        open={rejecting}
        what={`${request.requester.fullname} asked for ${request.module_label}: ${request.subject.title}`}
        busy={decide.isPending}
        error={decide.isError && decide.variables?.status === 2 ? decide.error : null}
        onSubmit={rejectNow}
        onClose={() => setRejecting(false)}
      />
      <ConfirmDialog
        open={withdrawing}
        title="Withdraw this request?"
        confirmLabel="Withdraw"
        destructive
        busy={withdraw.isPending}
        onConfirm={withdrawNow}
        onClose={() => setWithdrawing(false)}
      >
        Your request for {request.module_label}: {request.subject.title} closes without a decision.
      </ConfirmDialog>
    </Stack>
  );
}
