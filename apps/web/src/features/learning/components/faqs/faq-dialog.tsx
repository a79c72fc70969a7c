import { type TFaq, ZFaqCreate } from '@atrium/contract';
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

const ZFaqForm = ZFaqCreate.pick({ question: true, answer: true });
type FaqValues = { question: string; answer: string };

/** Adds a FAQ (faq null) or edits one. */
export function FaqDialog({
  open,
  faq,
  onClose,
  save,
}: {
  open: boolean;
  faq: TFaq | null;
  onClose: () => void;
  save: (values: FaqValues) => Promise<unknown>;
}) {
  const form = useForm<FaqValues>({
    resolver: zodResolver(ZFaqForm),
    defaultValues: { question: '', answer: '' },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { reset } = form;
  const question = faq?.question ?? '';
  const answer = faq?.answer ?? '';
  useEffect(() => {
    if (open) {
      reset({ question, answer });
      setFailure(null);
    }
  }, [open, question, answer, reset]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save(values);
      onClose();
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, ['question', 'answer']));
    }
  });
  const errors = form.formState.errors;
  return (
    <FormDialog open={open} title={faq ? 'Edit the FAQ' : 'Add a FAQ'} onClose={onClose}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label="Question"
          required
          autoFocus
          fullWidth
          {...fieldProps(form.register('question'), errors.question)}
        />
        <TextField
          label="Answer"
          required
          multiline
          minRows={4}
          fullWidth
          {...fieldProps(form.register('answer'), errors.answer)}
        />
        <FormFooter
          submitLabel={faq ? 'Save' : 'Add FAQ'}
          busy={form.formState.isSubmitting}
          secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
        />
      </Stack>
    </FormDialog>
  );
}
