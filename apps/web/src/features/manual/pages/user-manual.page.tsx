import { ROLE } from '@atrium/contract';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { useManualList, useManualPage, useManualSearch } from '../api/manual.api.ts';
import { ManualArticle } from '../components/manual-article.tsx';
import { ManualList, ManualSearchResults } from '../components/manual-list.tsx';
import { ManualRefusal } from '../components/manual-refusal.tsx';

const refused = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * '/user-manual' and '/user-manual/:slug' (spec §2, not for learners): the pages written for
 * the caller's role with a search (`?q=` keeps it in the address), or one page with its table
 * of contents (`#heading` deep links). Learners get a refusal without asking the server.
 */
export default function UserManualPage() {
  const { user } = useSession();
  const { slug } = useParams();
  const learner = (user?.role.id ?? ROLE.LEARNER) === ROLE.LEARNER;
  if (learner) return <ManualRefusal />;
  return slug ? <OnePage slug={slug} /> : <Contents />;
}

function Contents() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const list = useManualList(q === '');
  const search = useManualSearch(q);
  const shown = q ? search : list;
  if (shown.isError && refused(shown.error)) return <ManualRefusal />;

  return (
    <PageContainer maxWidth={960}>
      <PageHeader
        title="User manual"
        subtitle="How-to guides for your role: each page names the screens it covers."
      />
      <Stack spacing={2}>
        <Stack direction="row">
          <SearchField
            label="Search the manual"
            value={q}
            fullWidth
            onChange={(next) => setParams(next ? { q: next } : {}, { replace: true })}
          />
        </Stack>
        {shown.isPending ? (
          <PageLoader label={q ? 'Searching the manual' : 'Loading the manual'} />
        ) : shown.isError ? (
          <LoadError
            error={shown.error}
            fallback="The manual could not be loaded."
            onRetry={() => void shown.refetch()}
          />
        ) : q && search.data ? (
          <ManualSearchResults query={q} hits={search.data.results} />
        ) : list.data ? (
          <ManualList pages={list.data.results} />
        ) : null}
      </Stack>
    </PageContainer>
  );
}

function OnePage({ slug }: { slug: string }) {
  const page = useManualPage(slug);
  if (page.isError && refused(page.error)) return <ManualRefusal />;
  const back = (
    <Button component={RouterLink} to="/user-manual" startIcon={<ArrowBackOutlined />}>
      All manual pages
    </Button>
  );
  return (
    <PageContainer maxWidth={1200}>
      <Stack direction="row" sx={{ mb: 2 }}>
        {back}
      </Stack>
      {page.isPending ? (
        <PageLoader label="Loading the page" />
      ) : page.isError ? (
        page.error instanceof ApiError && page.error.status === 404 ? (
          <PageHeader
            title="Page not found"
            subtitle="This manual page does not exist, or it is not written for your role."
          />
        ) : (
          <LoadError
            error={page.error}
            fallback={errorMessage(page.error, 'The page could not be loaded.')}
            onRetry={() => void page.refetch()}
          />
        )
      ) : (
        <ManualArticle page={page.data} />
      )}
    </PageContainer>
  );
}
