import { type TRepositoryFile, ZRepositoryRename } from '@atrium/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '../../../../shared/forms/form-fields.tsx';
import { FooterButton, FormFooter } from '../../../../shared/forms/form-footer.tsx';
import { applyServerErrors } from '../../../../shared/forms/server-errors.ts';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { useRenameRepositoryFile } from '../../api/repository.api.ts';

/** Renames a repository file (the name learners see; the stored file is unchanged). */
export function RenameFileDialog({
  file,
  onClose,
}: {
  file: TRepositoryFile | null;
  onClose: () => void;
}) {
  const rename = useRenameRepositoryFile();
  const form = useForm<{ name: string }>({
    resolver: zodResolver(ZRepositoryRename),
    defaultValues: { name: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const currentName = file?.name;
  const { reset } = form;
  useEffect(() => {
    if (currentName !== undefined) {
      reset({ name: currentName });
      setFailure(null);
    }
  }, [currentName, reset]);

  const submit = form.handleSubmit(async ({ name }) => {
    if (!file) return;
    try {
      await rename.mutateAsync({ id: file.id, name });
      onClose();
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, ['name']));
    }
  });
  return (
    <FormDialog open={file !== null} title="Rename the file" onClose={onClose} maxWidth="xs">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label="File name"
          autoFocus
          fullWidth
          {...fieldProps(form.register('name'), form.formState.errors.name)}
        />
        <FormFooter
          submitLabel="Rename"
          busy={form.formState.isSubmitting}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
