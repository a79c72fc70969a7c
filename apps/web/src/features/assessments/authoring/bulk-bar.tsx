import type { TAssessmentSummary } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { useBulkAssessments } from '../api/assessments.api.ts';
import { plural } from './labels.ts';

type BulkAction = 'publish' | 'unpublish' | 'archive' | 'delete';
const DONE: Record<BulkAction, string> = {
  publish: 'published',
  unpublish: 'returned to draft',
  archive: 'archived',
  delete: 'deleted',
};

/**
 * Acts on the selected assessments. Each one succeeds or fails on its own; the failures are
 * listed with the server's reason, and the ones done leave the selection.
 */
export function BulkBar({
  selected,
  titles,
  onDone,
  onClear,
}: {
  selected: number[];
  /** Titles of the rows seen so far, to name the failures. */
  titles: ReadonlyMap<number, TAssessmentSummary['title']>;
  onDone: (done: number[]) => void;
  onClear: () => void;
}) {
  const bulk = useBulkAssessments();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{
    action: BulkAction;
    done: number;
    failed: { id: number; detail: string }[];
  } | null>(null);

  const run = (action: BulkAction) => {
    bulk.mutate(
      { ids: selected, action },
      {
        onSuccess: (result) => {
          setConfirming(false);
          setOutcome({ action, done: result.done.length, failed: result.failed });
          onDone(result.done);
        },
        onError: () => setConfirming(false),
      },
    );
  };

  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      {selected.length > 0 && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
          role="toolbar"
          aria-label="Bulk actions"
          sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
        >
          <Typography sx={{ flex: 1 }}>{plural(selected.length, 'assessment')} selected</Typography>
          <Button
            size="small"
            variant="outlined"
            disabled={bulk.isPending}
            onClick={() => run('publish')}
          >
            Publish
          </Button>
          <Button
            size="small"
            variant="outlined"
            disabled={bulk.isPending}
            onClick={() => run('unpublish')}
          >
            Unpublish
          </Button>
          <Button
            size="small"
            variant="outlined"
            disabled={bulk.isPending}
            onClick={() => run('archive')}
          >
            Archive
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={bulk.isPending}
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
          <Button size="small" color="inherit" onClick={onClear}>
            Clear selection
          </Button>
        </Stack>
      )}
      {bulk.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(bulk.error)}
        </Alert>
      )}
      {outcome && (
        <Alert
          severity={outcome.failed.length > 0 ? 'warning' : 'success'}
          role="status"
          onClose={() => setOutcome(null)}
        >
          {plural(outcome.done, 'assessment')} {DONE[outcome.action]}.
          {outcome.failed.length > 0 && (
            <>
              {' '}
              {plural(outcome.failed.length, 'assessment was', 'assessments were')} not:
              <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                {outcome.failed.map((f) => (
                  <li key={f.id}>
                    {titles.get(f.id) ?? `Assessment ${f.id}`}: {f.detail}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${plural(selected.length, 'assessment')}?`}
        confirmLabel="Delete"
        destructive
        busy={bulk.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => run('delete')}
      >
        Assessments nobody has attempted are deleted with their questions’ placement and settings.
        Those with attempts are kept: archive them instead.
      </ConfirmDialog>
    </Stack>
  );
}
