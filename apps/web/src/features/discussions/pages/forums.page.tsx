import { ROLE } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useForums } from '../api/forums.api.ts';
import { DiscussionsTabs } from '../components/forums/discussions-tabs.tsx';
import { ForumDialog } from '../components/forums/forum-dialog.tsx';
import { ForumRow } from '../components/forums/forum-row.tsx';
import { DISCUSSION_MESSAGES, forumUrl, plural } from '../labels.ts';

const PAGE_SIZE = 20;

function readParams(params: URLSearchParams) {
  const page = Number(params.get('page'));
  return {
    search: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function writeParams(v: { search: string; page: number }) {
  const params = new URLSearchParams();
  if (v.search) params.set('q', v.search);
  if (v.page > 1) params.set('page', String(v.page));
  return params;
}

/**
 * '/discussions/forums': the forums the caller may read (the organisation's and their
 * courses'), by name, searched and paged in the URL. Admins and trainers create forums (the
 * server decides which places each may use).
 */
export default function ForumsPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const { search, page } = readParams(params);
  const list = useForums({ page, page_size: PAGE_SIZE, search: search || undefined });
  const roleId = user?.role.id ?? ROLE.LEARNER;
  const admin = isAdmin(roleId);
  const mayCreate = admin || roleId === ROLE.TRAINER;

  const newForum = mayCreate && (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
      New forum
    </Button>
  );

  let body: ReactNode;
  if (list.isError && !list.data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(list.error, DISCUSSION_MESSAGES.forumsFailed)}
      </Alert>
    );
  } else if (!list.data) {
    body = (
      <Stack spacing={1.5} role="status" aria-busy aria-label="Loading forums">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={110} />
        ))}
      </Stack>
    );
  } else if (list.data.results.length === 0) {
    body = (
      <Card variant="outlined">
        <EmptyState icon={<ForumOutlined fontSize="large" aria-hidden />}>
          {search ? (
            <Stack spacing={1.5} component="span" sx={{ alignItems: 'center' }}>
              <span>No forum matches “{search}”.</span>
              <Button onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                Clear search
              </Button>
            </Stack>
          ) : (
            <Stack spacing={1.5} component="span" sx={{ alignItems: 'center' }}>
              <span>
                {mayCreate ? 'No forums yet — create the first one.' : 'There are no forums yet.'}
              </span>
              {newForum}
            </Stack>
          )}
        </EmptyState>
      </Card>
    );
  } else {
    const { count, results } = list.data;
    const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
    body = (
      <Stack spacing={1.5}>
        <LinearProgress
          aria-label="Loading forums"
          sx={{ visibility: list.isFetching ? 'visible' : 'hidden', mb: -1 }}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
          {plural(count, 'forum')}
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="Forums">
          {results.map((f) => (
            <ForumRow key={f.id} forum={f} />
          ))}
        </Stack>
        {pages > 1 && (
          <Pagination
            count={pages}
            page={Math.min(page, pages)}
            onChange={(_event, next) => setParams(writeParams({ search, page: next }))}
            color="primary"
            sx={{ alignSelf: 'center' }}
            siblingCount={0}
            getItemAriaLabel={(type, item, selected) =>
              type === 'page' ? `${selected ? '' : 'Go to '}page ${item}` : `Go to ${type} page`
            }
          />
        )}
      </Stack>
    );
  }

  return (
    <PageContainer maxWidth={1000}>
      <PageHeader
        title="Discussions"
        subtitle="Forums gather threads on one subject; subscribe to hear of new posts."
        actions={newForum || undefined}
      />
      <DiscussionsTabs current="forums" />
      <Stack spacing={2.5}>
        <SearchField
          label="Search forums"
          fullWidth
          value={search}
          onChange={(next) => setParams(writeParams({ search: next, page: 1 }), { replace: true })}
        />
        {body}
      </Stack>
      {creating && (
        <ForumDialog
          admin={admin}
          onClose={() => setCreating(false)}
          onSaved={(forum) => {
            setCreating(false);
            navigate(forumUrl(forum.slug));
          }}
        />
      )}
    </PageContainer>
  );
}
