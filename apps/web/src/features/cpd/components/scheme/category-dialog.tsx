import type { TCpdCategory } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../../shared/forms/form-footer.tsx';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { useAddCategory, useUpdateCategory } from '../../api/cpd.api.ts';

/**
 * Adds a category or renames one and changes its minimum. A name already taken (409, case
 * aside) is shown on the name, as the server's other field errors are on theirs.
 */
export function CategoryDialog({
  open,
  category,
  unit,
  onClose,
}: {
  open: boolean;
  /** Edit this one; add when absent. */
  category: TCpdCategory | null;
  unit: string;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={category ? 'Edit category' : 'Add a category'}
      maxWidth="xs"
    >
      {open && <CategoryForm category={category} unit={unit} onClose={onClose} />}
    </FormDialog>
  );
}

function CategoryForm({
  category,
  unit,
  onClose,
}: {
  category: TCpdCategory | null;
  unit: string;
  onClose: () => void;
}) {
  const [name, setName] = useState(category?.name ?? '');
  const [minimum, setMinimum] = useState(String(category?.minimum ?? 0));
  const add = useAddCategory();
  const update = useUpdateCategory();
  const mutation = category ? update : add;
  const error = mutation.error;
  const fieldError = (field: string) => {
    if (!(error instanceof ApiError)) return undefined;
    const own = error.fieldErrors[field]?.join(' ');
    // A duplicate (409) comes on `errors.name`; without it, the name is still all that can clash.
    if (own === undefined && field === 'name' && error.status === 409) return errorMessage(error);
    return own;
  };
  const onFields = ['name', 'minimum'].some((f) => fieldError(f) !== undefined);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = { name, minimum: minimum.trim() === '' ? 0 : Number(minimum) };
        if (category) update.mutate({ id: category.id, body }, { onSuccess: onClose });
        else add.mutate(body, { onSuccess: onClose });
      }}
    >
      <Stack spacing={2}>
        {error && !onFields && <Alert severity="error">{errorMessage(error)}</Alert>}
        <TextField
          label="Name"
          required
          autoFocus
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(fieldError('name'))}
          helperText={fieldError('name')}
        />
        <TextField
          label={`Minimum per cycle (${unit})`}
          type="number"
          value={minimum}
          onChange={(event) => setMinimum(event.target.value)}
          slotProps={{ htmlInput: { min: 0, step: 0.5, inputMode: 'decimal' } }}
          error={Boolean(fieldError('minimum'))}
          helperText={fieldError('minimum') ?? '0 when the category asks for no minimum.'}
        />
        <FormFooter
          submitLabel={category ? 'Save' : 'Add'}
          busy={mutation.isPending}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </form>
  );
}
