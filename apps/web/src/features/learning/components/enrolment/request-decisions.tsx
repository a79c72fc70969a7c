import type { TEnrolment } from '@atrium/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { useApproveRequest, useRejectRequest } from '../../api/enrolment.api.ts';
import type { RequestAction } from './requests-table.tsx';

/**
 * Runs a request action: approve at once (it is easy to undo by unassigning), reject with an
 * optional reason, withdraw after a confirmation. Returns the handler and the dialogs to render.
 */
export function useRequestDecisions() {
  const approve = useApproveRequest();
  const reject = useRejectRequest();
  const withdraw = useRejectRequest('Request withdrawn.');
  const [rejecting, setRejecting] = useState<TEnrolment | null>(null);
  const [withdrawing, setWithdrawing] = useState<TEnrolment | null>(null);
  const [reason, setReason] = useState('');

  const onAction = (row: TEnrolment, action: RequestAction) => {
    if (action === 'approve') approve.mutate(row.id);
    else if (action === 'reject') {
      setReason('');
      setRejecting(row);
    } else setWithdrawing(row);
  };
  const busyId = approve.isPending ? approve.variables : null;

  const submitReject = (event: FormEvent) => {
    event.preventDefault();
    if (!rejecting) return;
    reject.mutate(
      { enrolment: rejecting.id, reason: reason.trim() || undefined },
      { onSuccess: () => setRejecting(null) },
    );
  };

  const dialogs = (
    <>
      <FormDialog
        open={rejecting !== null}
        onClose={() => !reject.isPending && setRejecting(null)}
        title="Reject request"
        maxWidth="xs"
      >
        <Stack component="form" noValidate onSubmit={submitReject} spacing={2}>
          <Typography variant="body2">
            {rejecting?.user.fullname} asked to join {rejecting?.course.title}. The request stays on
            record as rejected.
          </Typography>
          <TextField
            label="Reason (optional)"
            multiline
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button color="inherit" onClick={() => setRejecting(null)} disabled={reject.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="error" variant="contained" loading={reject.isPending}>
              Reject
            </Button>
          </Stack>
        </Stack>
      </FormDialog>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw request?"
        confirmLabel="Withdraw"
        destructive
        busy={withdraw.isPending}
        onClose={() => setWithdrawing(null)}
        onConfirm={() =>
          withdrawing &&
          withdraw.mutate({ enrolment: withdrawing.id }, { onSuccess: () => setWithdrawing(null) })
        }
      >
        Your request to join {withdrawing?.course.title} is removed. You can request it again later.
      </ConfirmDialog>
    </>
  );
  return { onAction, busyId, dialogs };
}
