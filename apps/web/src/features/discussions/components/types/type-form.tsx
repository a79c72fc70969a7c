import { DISCUSSION_KINDS, type TDiscussionType, ZDiscussionTypeInput } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../../shared/forms/form-footer.tsx';
import { useCreateType, useUpdateType } from '../../api/types.api.ts';
import { KIND_LABEL } from '../../labels.ts';

type Kind = TDiscussionType['kind'];
const KIND_HELP: Record<Kind, string> = {
  question: 'Topics of this type can have an accepted answer.',
  idea: 'Suggestions people like or dislike; no accepted answer.',
  general: 'Anything else; no accepted answer.',
};

/** Adds a type or renames one and changes its kind; a taken name (409) shows on the name. */
export function TypeForm({ type, onDone }: { type: TDiscussionType | null; onDone: () => void }) {
  const [name, setName] = useState(type?.name ?? '');
  const [kind, setKind] = useState<Kind>(type?.kind ?? 'general');
  const [errors, setErrors] = useState<{ name?: string; kind?: string }>({});
  const [alert, setAlert] = useState<string | null>(null);
  const create = useCreateType();
  const update = useUpdateType();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const parsed = ZDiscussionTypeInput.safeParse({ name, kind });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'kind' ? 'kind' : 'name';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      if (type) await update.mutateAsync({ id: type.id, body: parsed.data });
      else await create.mutateAsync(parsed.data);
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        const next = {
          name:
            error.fieldErrors.name?.join(' ') ?? (error.status === 409 ? error.message : undefined),
          kind: error.fieldErrors.kind?.join(' '),
        };
        if (next.name || next.kind) {
          setErrors(next);
          return;
        }
      }
      setAlert(errorMessage(error));
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      aria-label={type ? `Edit ${type.name}` : 'Add a type'}
    >
      {alert && (
        <Alert severity="error" role="alert">
          {alert}
        </Alert>
      )}
      <TextField
        label="Name"
        required
        autoFocus
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setErrors((e) => ({ ...e, name: undefined }));
        }}
        error={Boolean(errors.name)}
        helperText={errors.name}
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
      <TextField
        select
        label="Kind"
        value={kind}
        onChange={(event) => setKind(event.target.value as Kind)}
        error={Boolean(errors.kind)}
        helperText={errors.kind ?? KIND_HELP[kind]}
      >
        {DISCUSSION_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {KIND_LABEL[k]}
          </MenuItem>
        ))}
      </TextField>
      <FormFooter
        submitLabel={type ? 'Save' : 'Add'}
        busy={create.isPending || update.isPending}
        secondary={<FooterButton onClick={onDone}>Cancel</FooterButton>}
      />
    </Stack>
  );
}
