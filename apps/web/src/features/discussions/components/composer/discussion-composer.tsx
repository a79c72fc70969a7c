import {
  DISCUSSION_SCOPES,
  DISCUSSION_TITLE_MAX,
  type discussionOps,
  type TDiscussion,
  type TDiscussionKind,
  type TDiscussionScope,
} from '@atrium/contract';
import Alert from '@mui/material/Alert';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import type { BodyOf } from '../../../../shared/api/call.ts';
import type { UploadProgress } from '../../../../shared/api/upload.ts';
import { FooterButton, FormFooter } from '../../../../shared/forms/form-footer.tsx';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { RichTextField } from '../../../../shared/ui/rich-text/rich-text-field.tsx';
import { storedImages } from '../../../../shared/ui/rich-text/stored-images.ts';
import { UploadProgressBar } from '../../../../shared/ui/upload-progress.tsx';
import { useCreateDiscussion, useUpdateDiscussion } from '../../api/discussions.api.ts';
import { useDiscussionScopes, useDiscussionTypes } from '../../api/types.api.ts';
import {
  type ComposerField,
  type ComposerValues,
  composerProblems,
  parseScopeKey,
  SERVER_FIELD,
  scopeKey,
} from '../../discussion-format.ts';
import { KIND_LABEL, SCOPE_GROUP_LABEL } from '../../labels.ts';
import { AttachmentsField } from './attachments-field.tsx';

type Errors = Partial<Record<ComposerField | 'files', string>>;

/** A place fixed by the screen (a course's discussion): no scope picker then. */
export interface FixedScope {
  scope: TDiscussionScope;
  id: number;
  name: string;
}

/** A forum the new topic is a thread of: it lives where the forum does (no place picker). */
export interface ForumPreset {
  slug: string;
  name: string;
}

/**
 * Starts a topic (type, place, title, rich text with images, attachments) or, given `topic`,
 * changes its type, title and text. Checks what the contract checks before sending; the
 * server's field errors land under their fields, its other refusals in the alert.
 */
export function DiscussionComposer({
  topic = null,
  fixedScope,
  forum,
  kind,
  title,
  onClose,
  onSaved,
}: {
  topic?: TDiscussion | null;
  fixedScope?: FixedScope;
  /** Start a thread of this forum (not with `topic`). */
  forum?: ForumPreset;
  /** The type kind to preselect ("Ask a question"). */
  kind?: TDiscussionKind;
  title?: string;
  onClose: () => void;
  onSaved: (topic: TDiscussion) => void;
}) {
  const dialogTitle =
    title ?? (topic ? 'Edit discussion' : forum ? 'New thread' : 'Start a discussion');
  return (
    <FormDialog open title={dialogTitle} onClose={onClose} maxWidth="md">
      <ComposerForm
        topic={topic}
        fixedScope={fixedScope}
        forum={topic ? undefined : forum}
        kind={kind}
        label={dialogTitle}
        onClose={onClose}
        onSaved={onSaved}
      />
    </FormDialog>
  );
}

function ComposerForm({
  topic,
  fixedScope,
  forum,
  kind,
  label,
  onClose,
  onSaved,
}: {
  topic: TDiscussion | null;
  fixedScope?: FixedScope;
  forum?: ForumPreset;
  kind?: TDiscussionKind;
  label: string;
  onClose: () => void;
  onSaved: (topic: TDiscussion) => void;
}) {
  const edit = topic !== null;
  const types = useDiscussionTypes();
  const scopes = useDiscussionScopes(!edit && !fixedScope && !forum);
  const create = useCreateDiscussion();
  const update = useUpdateDiscussion(topic?.id ?? 0);
  const [values, setValues] = useState<ComposerValues>({
    type: topic?.type.id ?? '',
    scope: fixedScope
      ? scopeKey(fixedScope)
      : topic
        ? scopeKey({ scope: topic.scope, id: topic.scope_ref?.id ?? null })
        : 'organisation',
    title: topic?.title ?? '',
    body: topic?.body ?? '',
  });
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const busy = create.isPending || update.isPending;

  // A new topic starts with a type: the asked kind's, else the organisation's first.
  useEffect(() => {
    if (edit || values.type !== '' || !types.data?.length) return;
    const first = types.data.find((t) => t.kind === kind) ?? types.data[0];
    if (first) setValues((v) => ({ ...v, type: first.id }));
  }, [edit, kind, types.data, values.type]);

  const set = <K extends keyof ComposerValues>(field: K, value: ComposerValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const fail = (error: unknown) => {
    setProgress(null);
    const next: Errors = {};
    if (error instanceof ApiError) {
      for (const [field, messages] of Object.entries(error.fieldErrors)) {
        const at = field === 'files' ? 'files' : SERVER_FIELD[field];
        if (at) next[at] = messages.join(' ');
      }
    }
    setErrors(next);
    setAlert(Object.keys(next).length > 0 ? null : errorMessage(error));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const problems = composerProblems(values, edit);
    if (Object.keys(problems).length > 0 || errors.files) {
      setErrors({ ...problems, files: errors.files });
      return;
    }
    const fields = { type: Number(values.type), title: values.title.trim(), body: values.body };
    try {
      if (topic) {
        onSaved(await update.mutateAsync(fields));
        return;
      }
      // A forum's thread takes the forum's place: the server ignores any scope sent with it.
      const place = forum ? { forum: forum.slug } : parseScopeKey(values.scope)!;
      let body: FormData | BodyOf<typeof discussionOps.create> = { ...fields, ...place };
      if (files.length > 0) {
        // Text first: the server reads fields and files in the order they arrive.
        const form = new FormData();
        form.append('type', String(fields.type));
        form.append('title', fields.title);
        form.append('body', fields.body);
        for (const [key, value] of Object.entries(place)) {
          if (value !== undefined) form.append(key, String(value));
        }
        for (const file of files) form.append('files', file, file.name);
        body = form;
        setProgress({ loaded: 0, total: null, percent: null });
      }
      onSaved(
        await create.mutateAsync({ body, onProgress: files.length ? setProgress : undefined }),
      );
    } catch (error) {
      fail(error);
    }
  };

  const scopeOptions = scopes.data ?? [];
  // A value the select does not offer (yet) shows as none rather than as a warning.
  const scopeValue = scopeOptions.some((o) => scopeKey(o) === values.scope) ? values.scope : '';
  const typeValue = types.data?.some((t) => t.id === values.type) ? values.type : '';
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label={label}>
      {alert && (
        <Alert severity="error" role="alert">
          {alert}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Type"
          required
          fullWidth
          value={typeValue}
          onChange={(event) => set('type', Number(event.target.value))}
          error={Boolean(errors.type) || types.isError}
          helperText={errors.type ?? (types.isError ? errorMessage(types.error) : undefined)}
          disabled={!types.data}
        >
          {(types.data ?? []).map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.name}
              {t.name.toLowerCase() !== KIND_LABEL[t.kind].toLowerCase() && (
                <Typography
                  component="span"
                  variant="body2"
                  sx={{ color: 'text.secondary', ml: 1 }}
                >
                  ({KIND_LABEL[t.kind].toLowerCase()})
                </Typography>
              )}
            </MenuItem>
          ))}
        </TextField>
        {fixedScope || edit || forum ? (
          <TextField
            label="Posted in"
            fullWidth
            value={
              forum
                ? `Forum: ${forum.name}`
                : (fixedScope?.name ??
                  (topic?.forum ? `Forum: ${topic.forum.name}` : undefined) ??
                  topic?.scope_ref?.name ??
                  'Whole organisation')
            }
            slotProps={{ input: { readOnly: true } }}
            helperText={errors.scope}
            error={Boolean(errors.scope)}
          />
        ) : (
          <TextField
            select
            label="Posted in"
            required
            fullWidth
            value={scopeValue}
            onChange={(event) => set('scope', event.target.value)}
            error={Boolean(errors.scope) || scopes.isError}
            helperText={
              errors.scope ??
              (scopes.isError
                ? errorMessage(scopes.error)
                : 'Who can read it: that place’s members.')
            }
            disabled={!scopes.data}
          >
            {DISCUSSION_SCOPES.flatMap((scope) => {
              const options = scopeOptions.filter((o) => o.scope === scope);
              if (options.length === 0) return [];
              const items = options.map((o) => (
                <MenuItem key={scopeKey(o)} value={scopeKey(o)}>
                  {o.id === null ? 'Whole organisation' : o.name}
                </MenuItem>
              ));
              return scope === 'organisation'
                ? items
                : [
                    <ListSubheader key={`${scope}-head`}>{SCOPE_GROUP_LABEL[scope]}</ListSubheader>,
                    ...items,
                  ];
            })}
          </TextField>
        )}
      </Stack>
      <TextField
        label="Title"
        required
        value={values.title}
        onChange={(event) => set('title', event.target.value)}
        error={Boolean(errors.title)}
        helperText={errors.title}
        slotProps={{ htmlInput: { maxLength: DISCUSSION_TITLE_MAX } }}
      />
      <RichTextField
        label="Text"
        value={values.body}
        onChange={(html) => set('body', html)}
        error={errors.body}
        images={storedImages}
        disabled={busy}
      />
      {!edit && (
        <AttachmentsField
          files={files}
          onChange={setFiles}
          error={errors.files}
          onError={(files) => setErrors((e) => ({ ...e, files }))}
          disabled={busy}
        />
      )}
      {progress && <UploadProgressBar progress={progress} label="Uploading the files" />}
      <FormFooter
        submitLabel={edit ? 'Save' : kind === 'question' ? 'Post question' : 'Post'}
        busy={busy}
        secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
      />
    </Stack>
  );
}
