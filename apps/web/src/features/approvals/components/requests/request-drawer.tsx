import type { TApprovalRequestDetail } from '@atrium/contract';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import {
  APPROVAL_MESSAGES,
  type ApprovalScope,
  useApprovalRequest,
  useDecide,
  useWithdraw,
} from '../../api/requests.api.ts';
import { canDecide, formatMoment, levelText, waitingText } from '../../approval-query.ts';
import { RejectDialog } from './reject-dialog.tsx';
import { RequestHistory } from './request-history.tsx';
import { RequestStatusChip } from './request-status-chip.tsx';
import { SubjectLink } from './subject-link.tsx';

/** The detail drawer of one request: what it asks, who it waits on, its history, the decisions. */
export function RequestDrawer({
  requestId,
  scope,
  onClose,
}: {
  requestId: number | null;
  scope: ApprovalScope;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={requestId !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 460 }, p: { xs: 2, sm: 3 } },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.2rem', flex: 1 }}>
          Request
        </Typography>
        <IconButton aria-label="Close request details" onClick={onClose}>
          <CloseOutlined />
        </IconButton>
      </Stack>
      {requestId !== null && <DrawerBody requestId={requestId} scope={scope} />}
    </Drawer>
  );
}

function DrawerBody({ requestId, scope }: { requestId: number; scope: ApprovalScope }) {
  const request = useApprovalRequest(requestId);
  if (request.isPending) {
    return (
      <Stack spacing={1.5} aria-busy="true" aria-label="Loading the request">
        <Skeleton variant="text" width="60%" height={32} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  }
  if (request.isError) {
    return (
      <Alert severity="error">{errorMessage(request.error, APPROVAL_MESSAGES.detailFailed)}</Alert>
    );
  }
  return <RequestDetail request={request.data} scope={scope} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function RequestDetail({
  request,
  scope,
}: {
  request: TApprovalRequestDetail;
  scope: ApprovalScope;
}) {
  const decide = useDecide();
  const withdraw = useWithdraw();
  const [rejecting, setRejecting] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const { abilities } = request;
  const busy = decide.isPending || withdraw.isPending;
  // The reject dialog shows its own failures; the drawer shows the others.
  const failure =
    decide.isError && !rejecting ? decide.error : withdraw.isError ? withdraw.error : null;

  return (
    <Stack spacing={2.5}>
      <Stack spacing={0.5}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {request.module_label}
        </Typography>
        <SubjectLink
          request={request}
          approver={scope === 'to_approve' || canDecide(request)}
          sx={{ fontSize: '1.05rem' }}
        />
        <Box>
          <RequestStatusChip status={request.status} />
        </Box>
      </Stack>

      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 1,
          m: 0,
        }}
      >
        <Fact label="Requester">{request.requester.fullname}</Fact>
        <Fact label="Created">{formatMoment(request.created_at)}</Fact>
        <Fact label="Level">{levelText(request)}</Fact>
        {request.status === 'pending' ? (
          <>
            <Fact label="Waiting on">{waitingText(request)}</Fact>
            {request.expires_at && <Fact label="Expires">{formatMoment(request.expires_at)}</Fact>}
          </>
        ) : (
          <Fact label="Closed">{formatMoment(request.decided_at)}</Fact>
        )}
        {request.comment && <Fact label="Comment">{request.comment}</Fact>}
      </Box>

      {failure !== null && (
        <Alert severity="error">
          {errorMessage(
            failure,
            withdraw.isError ? APPROVAL_MESSAGES.withdrawFailed : APPROVAL_MESSAGES.decideFailed,
          )}
        </Alert>
      )}

      {(abilities.approve || abilities.reject || abilities.withdraw) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {abilities.approve && (
            <Button
              variant="contained"
              color="success"
              loading={decide.isPending && decide.variables?.status === 1}
              disabled={busy}
              onClick={() => {
                withdraw.reset();
                decide.mutate({ id: request.id, status: 1 });
              }}
            >
              Approve
            </Button>
          )}
          {abilities.reject && (
            <Button
              variant="outlined"
              color="error"
              disabled={busy}
              onClick={() => {
                decide.reset();
                withdraw.reset();
                setRejecting(true);
              }}
            >
              Reject
            </Button>
          )}
          {abilities.withdraw && (
            <Button
              variant="outlined"
              color="inherit"
              disabled={busy}
              onClick={() => {
                decide.reset();
                withdraw.reset();
                setWithdrawing(true);
              }}
            >
              Withdraw
            </Button>
          )}
        </Stack>
      )}

      <Divider />
      <Stack spacing={1.5}>
        <Typography variant="h3" sx={{ fontSize: '1rem' }}>
          History
        </Typography>
        <RequestHistory history={request.history} />
      </Stack>

      <RejectDialog
        open={rejecting}
        what={`${request.requester.fullname} asked for ${request.subject.title}. The request closes as rejected.`}
        busy={decide.isPending}
        error={decide.error}
        onClose={() => {
          // A refused reason belongs to the dialog: it does not follow into the drawer.
          decide.reset();
          setRejecting(false);
        }}
        onSubmit={(comment) =>
          decide.mutate(
            { id: request.id, status: 2, ...(comment ? { comment } : {}) },
            { onSuccess: () => setRejecting(false) },
          )
        }
      />
      <ConfirmDialog
        open={withdrawing}
        title="Withdraw request?"
        confirmLabel="Withdraw"
        destructive
        busy={withdraw.isPending}
        onClose={() => setWithdrawing(false)}
        onConfirm={() => withdraw.mutate(request.id, { onSettled: () => setWithdrawing(false) })}
      >
        Your request for {request.subject.title} is closed as withdrawn. You can ask again later.
      </ConfirmDialog>
    </Stack>
  );
}
