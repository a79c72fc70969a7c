import { REPORT_NOTE_MAX, REPORT_REASONS, type TReportReason } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../shared/forms/form-footer.tsx';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { useReport } from '../api/moderation.api.ts';
import { REASON_LABELS } from '../labels.ts';

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The content's moderation kind (`wall_post`, `discussion_answer`…) and id. */
  kind: string;
  id: number;
  /** What it is, for the title ("post", "comment", "answer"). */
  what: string;
}

/**
 * Reporting a post, an answer or a comment: a reason and an optional note. The server's refusal
 * (already reported: 409; gone: 404) shows in the dialog; success closes it with a toast.
 */
export function ReportDialog({ open, onClose, kind, id, what }: ReportDialogProps) {
  const [reason, setReason] = useState<TReportReason | ''>('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const report = useReport();
  const labelId = useId();

  const close = () => {
    report.reset();
    setReason('');
    setNote('');
    setMissing(false);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    report.mutate(
      { kind, id, reason, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          notifySuccess('Thank you. The moderators will look at it.');
          close();
        },
      },
    );
  };

  return (
    <FormDialog open={open} title={`Report this ${what}`} onClose={close}>
      <Stack component="form" spacing={2} noValidate onSubmit={submit}>
        {report.isError && <Alert severity="error">{errorMessage(report.error)}</Alert>}
        <FormControl error={missing} required>
          <FormLabel id={labelId}>Why are you reporting it?</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value as TReportReason);
              setMissing(false);
            }}
          >
            {REPORT_REASONS.map((r) => (
              <FormControlLabel key={r} value={r} control={<Radio />} label={REASON_LABELS[r]} />
            ))}
          </RadioGroup>
          {missing && (
            <Alert severity="warning" variant="outlined" sx={{ mt: 1 }}>
              Choose a reason.
            </Alert>
          )}
        </FormControl>
        <TextField
          label="Note for the moderators (optional)"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: REPORT_NOTE_MAX } }}
          helperText={`${note.length}/${REPORT_NOTE_MAX}`}
        />
        <FormFooter
          submitLabel="Report"
          busy={report.isPending}
          secondary={<FooterButton onClick={close}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
