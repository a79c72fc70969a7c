import { MAX_BULK_DECISIONS, type TApprovalRequest } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { APPROVAL_MESSAGES, useDecideMany } from '../../api/requests.api.ts';
import { type BulkOutcome, bulkOutcome } from '../../approval-query.ts';
import { RejectDialog } from './reject-dialog.tsx';

const plural = (n: number) => `${n} request${n === 1 ? '' : 's'}`;

/**
 * Approve or reject every selected request at once. The server decides each on its own, so the
 * outcome names the ones that failed and why (decided meanwhile, another level, a reason needed).
 */
export function BulkDecisionBar({
  rows,
  onClear,
  onOutcome,
}: {
  /** The selected rows (only ones the caller may decide). */
  rows: TApprovalRequest[];
  onClear: () => void;
  onOutcome: (outcome: BulkOutcome & { status: 1 | 2 }) => void;
}) {
  const decideMany = useDecideMany();
  const [rejecting, setRejecting] = useState(false);
  const tooMany = rows.length > MAX_BULK_DECISIONS;

  const run = (status: 1 | 2, comment?: string) =>
    decideMany.mutate(
      { ids: rows.map((r) => r.id), status, ...(comment ? { comment } : {}) },
      {
        onSuccess: (result) => {
          setRejecting(false);
          onClear();
          onOutcome({ ...bulkOutcome(result, rows), status });
        },
      },
    );

  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Bulk decision"
      sx={{ p: 1.5, mb: 2, bgcolor: 'action.hover' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Typography variant="body2" sx={{ flex: 1, fontWeight: 600 }} aria-live="polite">
          {plural(rows.length)} selected
          {tooMany ? ` (at most ${MAX_BULK_DECISIONS} at once)` : ''}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            color="success"
            disabled={tooMany || decideMany.isPending}
            loading={decideMany.isPending && decideMany.variables?.status === 1}
            onClick={() => {
              decideMany.reset();
              run(1);
            }}
          >
            Approve {rows.length}
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={tooMany || decideMany.isPending}
            onClick={() => {
              decideMany.reset();
              setRejecting(true);
            }}
          >
            Reject {rows.length}
          </Button>
          <Button color="inherit" onClick={onClear} disabled={decideMany.isPending}>
            Clear selection
          </Button>
        </Stack>
      </Stack>
      {decideMany.isError && !rejecting && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {errorMessage(decideMany.error, APPROVAL_MESSAGES.decideFailed)}
        </Alert>
      )}
      <RejectDialog
        open={rejecting}
        what={`${plural(rows.length)} will be closed as rejected, each with this reason.`}
        busy={decideMany.isPending}
        error={decideMany.error}
        onClose={() => {
          decideMany.reset();
          setRejecting(false);
        }}
        onSubmit={(comment) => run(2, comment)}
      />
    </Paper>
  );
}

/** What a bulk decision did: how many went through, and each failure with the server's reason. */
export function BulkOutcomeAlert({
  outcome,
  onClose,
}: {
  outcome: BulkOutcome & { status: 1 | 2 };
  onClose: () => void;
}) {
  const verb = outcome.status === 1 ? 'approved' : 'rejected';
  const failed = outcome.failed.length;
  return (
    <Alert
      severity={failed === 0 ? 'success' : outcome.done === 0 ? 'error' : 'warning'}
      onClose={onClose}
      role={failed === 0 ? 'status' : 'alert'}
      sx={{ mb: 2 }}
    >
      <AlertTitle>
        {outcome.done > 0 ? `${plural(outcome.done)} ${verb}.` : `No request ${verb}.`}
        {failed > 0 ? ` ${plural(failed)} could not be ${verb}:` : ''}
      </AlertTitle>
      {failed > 0 && (
        <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
          {outcome.failed.map((f) => (
            <li key={f.id}>
              <Typography variant="body2">
                <strong>{f.title}</strong>: {f.message}
              </Typography>
            </li>
          ))}
        </Stack>
      )}
    </Alert>
  );
}
