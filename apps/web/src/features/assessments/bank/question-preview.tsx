import { learnerView, type TQuestionAnswer, type TQuestionDefinition } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { QuestionRenderer } from '../questions/index.ts';

/**
 * The question as a learner sees it (the contract's learnerView: no key, no reviewer notes). The
 * author may try answering; nothing is saved or scored.
 */
export function QuestionPreviewDialog({
  definition,
  onClose,
}: {
  definition: TQuestionDefinition;
  onClose: () => void;
}) {
  const [answer, setAnswer] = useState<TQuestionAnswer | null>(null);
  return (
    <FormDialog open title="Preview" onClose={onClose} maxWidth="md">
      <Stack spacing={2}>
        <Alert severity="info">
          This is what a learner sees. Answers given here are not saved.
        </Alert>
        <QuestionRenderer
          view={learnerView(definition)}
          answer={answer}
          onChange={setAnswer}
          mode="preview"
          number={1}
          points={definition.points}
        />
      </Stack>
      <DialogActions sx={{ px: 0, pt: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </FormDialog>
  );
}
