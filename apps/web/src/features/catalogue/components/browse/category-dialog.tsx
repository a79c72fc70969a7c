import { FooterButton } from '../../../../shared/forms/form-footer.tsx';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { useCreateCategory } from '../../api/catalogue.api.ts';
import { CategoryForm } from './category-form.tsx';

/** Adds a category; the form remounts each time it opens, so it always starts empty. */
export function CategoryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateCategory();
  const close = () => {
    if (!create.isPending) onClose();
  };
  return (
    <FormDialog open={open} onClose={close} title="Add a category">
      {open && (
        <CategoryForm
          save={(submit) => create.mutateAsync(submit).then(onClose)}
          busy={create.isPending}
          submitLabel="Add category"
          secondary={<FooterButton onClick={close}>Cancel</FooterButton>}
        />
      )}
    </FormDialog>
  );
}
