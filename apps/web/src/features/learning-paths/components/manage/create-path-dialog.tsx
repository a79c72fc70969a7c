import { useNavigate } from 'react-router';
import { FooterButton } from '../../../../shared/forms/form-footer.tsx';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { useCreatePath } from '../../api/paths.api.ts';
import { emptyPathForm } from '../../path-form.ts';
import { editorPathUrl } from '../../path-labels.ts';
import { PathForm } from '../path-form.tsx';

/** A new draft path; once created the editor opens, where its courses are added. */
export function CreatePathDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreatePath();
  const navigate = useNavigate();
  return (
    <FormDialog open={open} onClose={onClose} title="New learning path" maxWidth="md">
      {open && (
        <PathForm
          initial={emptyPathForm()}
          mode="create"
          submitLabel="Create"
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
          save={async (form, onProgress) => {
            const path = await create.mutateAsync({ form, onProgress });
            onClose();
            void navigate(editorPathUrl(path.id));
          }}
        />
      )}
    </FormDialog>
  );
}
