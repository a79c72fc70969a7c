import {
  FORUM_SLUG_MAX,
  FORUM_SUBSCRIPTION_MODES,
  type TForum,
  type TForumSubscriptionMode,
  ZForumCreate,
  ZForumUpdate,
} from '@atrium/contract';
import Alert from '@mui/material/Alert';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../../../shared/api/api-error.ts';
import { FooterButton, FormFooter } from '../../../../shared/forms/form-footer.tsx';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { useCreateForum, useUpdateForum } from '../../api/forums.api.ts';
import { useDiscussionScopes } from '../../api/types.api.ts';
import { parseScopeKey, scopeKey } from '../../discussion-format.ts';
import { MODE_HELP, MODE_LABEL } from '../../labels.ts';

interface Values {
  name: string;
  slug: string;
  description: string;
  /** A scope key: 'organisation' or 'course:12'. */
  place: string;
  mode: TForumSubscriptionMode;
}
type Field = keyof Values;
type Errors = Partial<Record<Field, string>>;

/** The contract's (and the server's) field names for the form's fields. */
const FIELD: Record<string, Field> = {
  name: 'name',
  slug: 'slug',
  description: 'description',
  scope: 'place',
  scope_id: 'place',
  subscription_mode: 'mode',
};

function problemsOf(issues: readonly { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = FIELD[String(issue.path[0])];
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Creates a forum (name, optional slug, description, place, subscription mode) or, given
 * `forum`, changes it (its place stays). Admins may place it in the organisation; the courses
 * offered are those the caller may post in (the server refuses a course they do not manage, on
 * the place). The contract's checks run first; the server's field errors land under their
 * fields, a taken slug (409) on the slug.
 */
export function ForumDialog({
  forum = null,
  admin,
  onClose,
  onSaved,
}: {
  forum?: TForum | null;
  /** Whether the organisation itself is offered as the place. */
  admin: boolean;
  onClose: () => void;
  onSaved: (forum: TForum) => void;
}) {
  const title = forum ? 'Edit forum' : 'New forum';
  return (
    <FormDialog open title={title} onClose={onClose}>
      <ForumForm forum={forum} admin={admin} label={title} onClose={onClose} onSaved={onSaved} />
    </FormDialog>
  );
}

function ForumForm({
  forum,
  admin,
  label,
  onClose,
  onSaved,
}: {
  forum: TForum | null;
  admin: boolean;
  label: string;
  onClose: () => void;
  onSaved: (forum: TForum) => void;
}) {
  const scopes = useDiscussionScopes(forum === null);
  const create = useCreateForum();
  const update = useUpdateForum(forum?.slug ?? '');
  const [values, setValues] = useState<Values>({
    name: forum?.name ?? '',
    slug: forum?.slug ?? '',
    description: forum?.description ?? '',
    place: forum ? '' : admin ? 'organisation' : '',
    mode: forum?.subscription_mode ?? 'optional',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const courses = (scopes.data ?? []).filter((o) => o.scope === 'course' && o.id !== null);

  // A trainer's forum belongs to a course: the first one offered is preselected.
  useEffect(() => {
    if (forum || values.place !== '' || !courses[0]) return;
    const first = scopeKey(courses[0]);
    setValues((v) => ({ ...v, place: first }));
  }, [forum, values.place, courses]);

  const set = <K extends Field>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const fail = (error: unknown) => {
    const next: Errors = {};
    if (error instanceof ApiError) {
      for (const [field, messages] of Object.entries(error.fieldErrors)) {
        const at = FIELD[field];
        if (at) next[at] = messages.join(' ');
      }
      // A taken slug may come as a bare 409: it belongs on the slug.
      if (Object.keys(next).length === 0 && error.status === 409) next.slug = error.message;
    }
    setErrors(next);
    setAlert(Object.keys(next).length > 0 ? null : errorMessage(error));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAlert(null);
    try {
      if (forum) {
        const changed = {
          name: values.name !== forum.name ? values.name : undefined,
          slug: values.slug !== forum.slug ? values.slug : undefined,
          description: values.description !== forum.description ? values.description : undefined,
          subscription_mode: values.mode !== forum.subscription_mode ? values.mode : undefined,
        };
        const body = Object.fromEntries(Object.entries(changed).filter(([, v]) => v !== undefined));
        if (Object.keys(body).length === 0) {
          onClose();
          return;
        }
        const parsed = ZForumUpdate.safeParse(body);
        if (!parsed.success) {
          setErrors(problemsOf(parsed.error.issues));
          return;
        }
        onSaved(await update.mutateAsync(parsed.data));
        return;
      }
      const place = parseScopeKey(values.place);
      const body = {
        name: values.name,
        slug: values.slug,
        description: values.description,
        scope: place?.scope,
        scope_id: place?.scope_id,
        subscription_mode: values.mode,
      };
      const parsed = ZForumCreate.safeParse(body);
      const problems = parsed.success ? {} : problemsOf(parsed.error.issues);
      if (!place) problems.place = 'Choose where the forum belongs.';
      if (!parsed.success || Object.keys(problems).length > 0) {
        setErrors(problems);
        return;
      }
      onSaved(await create.mutateAsync(parsed.data));
    } catch (error) {
      fail(error);
    }
  };

  const placeValue =
    values.place === 'organisation' && admin
      ? 'organisation'
      : courses.some((o) => scopeKey(o) === values.place)
        ? values.place
        : '';
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-label={label}>
      {alert && (
        <Alert severity="error" role="alert">
          {alert}
        </Alert>
      )}
      <TextField
        label="Name"
        required
        autoFocus
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <TextField
        label="Address"
        value={values.slug}
        onChange={(event) => set('slug', event.target.value)}
        error={Boolean(errors.slug)}
        helperText={
          errors.slug ??
          (forum
            ? 'Lower-case letters, digits and hyphens; links to the old address stop working.'
            : 'Optional: lower-case letters, digits and hyphens. Made from the name when empty.')
        }
        slotProps={{ htmlInput: { maxLength: FORUM_SLUG_MAX, spellCheck: false } }}
      />
      <TextField
        label="Description"
        multiline
        minRows={2}
        value={values.description}
        onChange={(event) => set('description', event.target.value)}
        error={Boolean(errors.description)}
        helperText={errors.description}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      {forum ? (
        <TextField
          label="Place"
          value={forum.scope_ref?.name ?? 'Whole organisation'}
          slotProps={{ input: { readOnly: true } }}
          helperText="A forum stays where it was created."
        />
      ) : (
        <TextField
          select
          label="Place"
          required
          value={placeValue}
          onChange={(event) => set('place', event.target.value)}
          error={Boolean(errors.place) || scopes.isError}
          helperText={
            errors.place ??
            (scopes.isError
              ? errorMessage(scopes.error)
              : 'Who can read it: the organisation, or the course’s learners and managers.')
          }
          disabled={!scopes.data}
        >
          {admin && <MenuItem value="organisation">Whole organisation</MenuItem>}
          {courses.length > 0 && <ListSubheader>Courses</ListSubheader>}
          {courses.map((o) => (
            <MenuItem key={scopeKey(o)} value={scopeKey(o)}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        label="Subscription"
        value={values.mode}
        onChange={(event) => set('mode', event.target.value as TForumSubscriptionMode)}
        error={Boolean(errors.mode)}
        helperText={errors.mode ?? MODE_HELP[values.mode]}
      >
        {FORUM_SUBSCRIPTION_MODES.map((m) => (
          <MenuItem key={m} value={m}>
            {MODE_LABEL[m]}
          </MenuItem>
        ))}
      </TextField>
      <FormFooter
        submitLabel={forum ? 'Save' : 'Create'}
        busy={create.isPending || update.isPending}
        secondary={<FooterButton onClick={onClose}>Cancel</FooterButton>}
      />
    </Stack>
  );
}
