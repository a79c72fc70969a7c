import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { BLOG_PAGE_SIZE, useBlogList, useBlogTags } from '../api/blogs.api.ts';
import { AuthorsDialog } from '../components/authors-dialog.tsx';
import { BlogCard } from '../components/blog-card.tsx';
import { BLOG_MESSAGES, BLOGS_URL } from '../labels.ts';

interface ListState {
  drafts: boolean;
  tag: string;
  search: string;
  page: number;
}

/** The list as the URL keeps it (`?tab=drafts&tag=&search=&page=`), so it can be shared. */
function readState(params: URLSearchParams): ListState {
  const page = Number(params.get('page') ?? '1');
  return {
    drafts: params.get('tab') === 'drafts',
    tag: (params.get('tag') ?? '').replace(/^#/, '').trim().toLowerCase().slice(0, 40),
    search: (params.get('search') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function writeState(s: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (s.drafts) params.set('tab', 'drafts');
  if (s.tag) params.set('tag', s.tag);
  if (s.search) params.set('search', s.search);
  if (s.page > 1) params.set('page', String(s.page));
  return params;
}

/**
 * '/blogs': the organisation's published posts as cards, newest first, by tag and search, a
 * page at a time; "My drafts" for those who write; "New post" and the admins' "Authors".
 */
export default function BlogsPage() {
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const [authorsOpen, setAuthorsOpen] = useState(false);
  const change = (patch: Partial<ListState>) =>
    setParams(writeState({ ...state, page: 1, ...patch }), { replace: true });
  const list = useBlogList({
    status: state.drafts ? 'draft' : 'published',
    page: state.page,
    ...(state.tag ? { tag: state.tag } : {}),
    ...(state.search ? { search: state.search } : {}),
  });
  const tags = useBlogTags();
  const abilities = list.data?.abilities;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / BLOG_PAGE_SIZE)) : 1;
  const filtered = Boolean(state.tag || state.search);

  return (
    <PageContainer maxWidth={1200}>
      <PageHeader
        title="Blogs"
        subtitle="Stories, news and know-how from across your organisation."
        actions={
          <>
            <Button component={RouterLink} to="/socialwall" startIcon={<ArrowBackOutlined />}>
              Social wall
            </Button>
            {abilities?.manage_authors && (
              <Button
                variant="outlined"
                startIcon={<GroupOutlined />}
                onClick={() => setAuthorsOpen(true)}
              >
                Authors
              </Button>
            )}
            {abilities?.create && (
              <Button
                variant="contained"
                component={RouterLink}
                to={`${BLOGS_URL}/new`}
                startIcon={<AddOutlined />}
              >
                New post
              </Button>
            )}
          </>
        }
      />
      {(abilities?.create || state.drafts) && (
        <Tabs
          value={state.drafts ? 'drafts' : 'published'}
          onChange={(_e, value) => change({ drafts: value === 'drafts' })}
          sx={{ mb: 2 }}
          aria-label="Which posts"
        >
          <Tab value="published" label="Published" />
          <Tab value="drafts" label={abilities?.manage_authors ? 'All drafts' : 'My drafts'} />
        </Tabs>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchField
          label="Search posts"
          value={state.search}
          onChange={(search) => change({ search })}
          fullWidth
        />
      </Stack>
      {(tags.data?.length ?? 0) > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap', mb: 3 }}
          role="group"
          aria-label="Filter by tag"
        >
          <Chip
            label="All"
            color={state.tag ? 'default' : 'primary'}
            variant={state.tag ? 'outlined' : 'filled'}
            onClick={() => change({ tag: '' })}
            aria-pressed={!state.tag}
          />
          {tags.data!.map((t) => (
            <Chip
              key={t.tag}
              label={`#${t.tag} (${t.count})`}
              color={state.tag === t.tag ? 'primary' : 'default'}
              variant={state.tag === t.tag ? 'filled' : 'outlined'}
              onClick={() => change({ tag: state.tag === t.tag ? '' : t.tag })}
              aria-pressed={state.tag === t.tag}
            />
          ))}
        </Stack>
      )}
      {state.tag && !tags.data?.some((t) => t.tag === state.tag) && (
        <Chip
          label={`#${state.tag}`}
          onDelete={() => change({ tag: '' })}
          color="primary"
          sx={{ mb: 2 }}
        />
      )}
      {list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the posts" />
        </Box>
      ) : list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(list.error, BLOG_MESSAGES.listFailed)}
        </Alert>
      ) : list.data.results.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 6, textAlign: 'center' }}>
          {state.drafts
            ? 'No drafts. Start a new post and save it as a draft.'
            : filtered
              ? 'No posts match this search.'
              : 'No posts yet.'}
        </Typography>
      ) : (
        <>
          <Box
            role="list"
            aria-label="Posts"
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: 'minmax(0, 1fr)',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(3, minmax(0, 1fr))',
              },
            }}
          >
            {list.data.results.map((post) => (
              <Box role="listitem" key={post.id} sx={{ minWidth: 0 }}>
                <BlogCard post={post} onTag={(tag) => change({ tag, drafts: false })} />
              </Box>
            ))}
          </Box>
          {pages > 1 && (
            <Pagination
              sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
              count={pages}
              page={Math.min(state.page, pages)}
              onChange={(_e, page) => change({ page })}
            />
          )}
        </>
      )}
      {abilities?.manage_authors && (
        <AuthorsDialog open={authorsOpen} onClose={() => setAuthorsOpen(false)} />
      )}
    </PageContainer>
  );
}
