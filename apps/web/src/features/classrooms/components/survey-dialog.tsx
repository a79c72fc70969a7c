import { FormDialog } from '../../../shared/ui/form-dialog.tsx';
import { SurveyForm } from './survey-form.tsx';

export function SurveyDialog({
  open,
  sessionId,
  onClose,
}: {
  open: boolean;
  sessionId: number;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} onClose={onClose} title="Session survey">
      {open && <SurveyForm sessionId={sessionId} onDone={onClose} />}
    </FormDialog>
  );
}
