import {
  BLOG_EXCERPT_MAX,
  BLOG_TITLE_MAX,
  type TBlogPost,
  type TBlogStatus,
  ZBlogPostCreate,
} from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { RichTextField } from '../../../shared/ui/rich-text/rich-text-field.tsx';
import { useBlogTags, useSavePost } from '../api/blogs.api.ts';
import { BLOG_MESSAGES, blogPostUrl } from '../labels.ts';
import { CoverField, type CoverValue } from './cover-field.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { TagsInput } from './tags-input.tsx';

interface Draft {
  title: string;
  excerpt: string;
  body_html: string;
  cover: CoverValue;
  tags: string[];
}
type Field = 'title' | 'excerpt' | 'body_html' | 'cover_image' | 'tags';
const FIELDS: readonly Field[] = ['title', 'excerpt', 'body_html', 'cover_image', 'tags'];

const fromPost = (post: TBlogPost | null): Draft => ({
  title: post?.title ?? '',
  excerpt: post?.excerpt ?? '',
  body_html: post?.body_html ?? '',
  cover: post?.cover ? { uuid: post.cover.uuid, url: post.cover.url } : null,
  tags: post?.tags ?? [],
});

/** Whether rich text has words in it (the editor leaves `<p></p>` when emptied). */
const hasText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() !== '';

/**
 * Writing or editing a post: title, excerpt, the rich-text body, cover and tags. A new post or a
 * draft offers "Save draft" and "Publish"; a published one "Save" and "Unpublish". The contract's
 * own schema checks the fields first, and the server's field errors land under the same inputs.
 */
export function BlogEditorForm({ post }: { post: TBlogPost | null }) {
  const navigate = useNavigate();
  const save = useSavePost(post?.id ?? null);
  const tags = useBlogTags();
  const [initial] = useState(() => fromPost(post));
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saved, setSaved] = useState(false);
  const dirty = !saved && JSON.stringify(draft) !== JSON.stringify(initial);
  const status: TBlogStatus = post?.status ?? 'draft';
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const submit = (next: TBlogStatus) => {
    const body = {
      title: draft.title,
      excerpt: draft.excerpt,
      body_html: draft.body_html,
      cover_image: draft.cover?.uuid ?? null,
      tags: draft.tags,
      status: next,
    };
    const parsed = ZBlogPostCreate.safeParse(body);
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (FIELDS.includes(field) && !found[field]) found[field] = issue.message;
      }
    }
    if (next === 'published' && !hasText(draft.body_html)) {
      found.body_html = 'Write the post before publishing it.';
    }
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length > 0) return;
    // An untouched excerpt is left to the server: one it derived follows the body's changes.
    const { excerpt: _unchanged, ...rest } = body;
    save.mutate(post && draft.excerpt === initial.excerpt ? rest : body, {
      onSuccess: (savedPost) => {
        setSaved(true);
        notifySuccess(
          next === 'published'
            ? status === 'draft'
              ? 'The post is published.'
              : 'The post is saved.'
            : post?.status === 'published'
              ? 'The post is back to a draft.'
              : 'The draft is saved.',
        );
        // After the guard has seen the save (next render).
        setTimeout(() => navigate(blogPostUrl(savedPost.id)), 0);
      },
      onError: (error) => {
        const fieldErrors: Partial<Record<Field, string>> = {};
        if (error instanceof ApiError) {
          for (const [field, messages] of Object.entries(error.fieldErrors)) {
            if (FIELDS.includes(field as Field)) fieldErrors[field as Field] = messages.join(' ');
          }
        }
        setErrors(fieldErrors);
        setAlert(errorMessage(error, BLOG_MESSAGES.saveFailed));
      },
    });
  };

  const busy = save.isPending || uploading;
  return (
    <Stack
      component="form"
      spacing={2.5}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit(status);
      }}
    >
      {alert && <Alert severity="error">{alert}</Alert>}
      <TextField
        label="Title"
        required
        value={draft.title}
        onChange={(e) => set('title', e.target.value)}
        error={Boolean(errors.title)}
        helperText={errors.title}
        slotProps={{ htmlInput: { maxLength: BLOG_TITLE_MAX } }}
      />
      <RichTextField
        label="Post"
        value={draft.body_html}
        onChange={(html) => set('body_html', html)}
        error={errors.body_html}
      />
      <TextField
        label="Excerpt"
        value={draft.excerpt}
        onChange={(e) => set('excerpt', e.target.value)}
        multiline
        minRows={2}
        error={Boolean(errors.excerpt)}
        helperText={errors.excerpt ?? 'Shown in the list. Leave it empty to use the first words.'}
        slotProps={{ htmlInput: { maxLength: BLOG_EXCERPT_MAX } }}
      />
      <CoverField
        value={draft.cover}
        onChange={(cover) => set('cover', cover)}
        onBusy={setUploading}
        error={errors.cover_image}
      />
      <TagsInput
        value={draft.tags}
        onChange={(next) => set('tags', next)}
        known={(tags.data ?? []).map((t) => t.tag)}
        error={errors.tags}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {status === 'draft' ? (
          <>
            <Button variant="contained" disabled={busy} onClick={() => submit('published')}>
              Publish
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => submit('draft')}>
              Save draft
            </Button>
          </>
        ) : (
          <>
            <Button variant="contained" disabled={busy} onClick={() => submit('published')}>
              Save
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => submit('draft')}>
              Unpublish
            </Button>
          </>
        )}
        <Button
          disabled={save.isPending}
          onClick={() => navigate(post ? blogPostUrl(post.id) : '/blogs')}
        >
          Cancel
        </Button>
      </Stack>
      <LeaveGuard when={dirty && !save.isPending} />
    </Stack>
  );
}
