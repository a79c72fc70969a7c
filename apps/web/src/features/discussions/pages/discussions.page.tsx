import { DISCUSSION_FILTERS, DISCUSSION_ORDERINGS } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { type DiscussionListQuery, useDiscussions } from '../api/discussions.api.ts';
import { useDiscussionScopes, useDiscussionTypes } from '../api/types.api.ts';
import { DiscussionComposer } from '../components/composer/discussion-composer.tsx';
import { DiscussionsTabs } from '../components/forums/discussions-tabs.tsx';
import {
  type DiscussionFilter,
  DiscussionFilters,
  type DiscussionOrdering,
  type FilterValues,
} from '../components/list/discussion-filters.tsx';
import { DiscussionList } from '../components/list/discussion-list.tsx';
import { DiscussionTypesDialog } from '../components/types/discussion-types-dialog.tsx';
import { parseScopeKey } from '../discussion-format.ts';
import { discussionUrl } from '../labels.ts';

const PAGE_SIZE = 20;

/** The filters as the URL keeps them (`?q=&type=&scope=&filter=&ordering=&page=`). */
function readFilters(params: URLSearchParams): FilterValues & { page: number } {
  const type = Number(params.get('type'));
  const filter = params.get('filter') as DiscussionFilter;
  const ordering = params.get('ordering') as DiscussionOrdering;
  const page = Number(params.get('page'));
  return {
    search: params.get('q') ?? '',
    type: Number.isInteger(type) && type > 0 ? type : '',
    scope: parseScopeKey(params.get('scope') ?? '') ? (params.get('scope') ?? '') : '',
    filter: DISCUSSION_FILTERS.includes(filter) ? filter : 'all',
    ordering: DISCUSSION_ORDERINGS.includes(ordering) ? ordering : 'activity',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function writeFilters(v: FilterValues & { page: number }): URLSearchParams {
  const params = new URLSearchParams();
  if (v.search) params.set('q', v.search);
  if (v.type !== '') params.set('type', String(v.type));
  if (v.scope) params.set('scope', v.scope);
  if (v.filter !== 'all') params.set('filter', v.filter);
  if (v.ordering !== 'activity') params.set('ordering', v.ordering);
  if (v.page > 1) params.set('page', String(v.page));
  return params;
}

function listQueryOf(v: FilterValues & { page: number }): DiscussionListQuery {
  const place = parseScopeKey(v.scope);
  return {
    page: v.page,
    page_size: PAGE_SIZE,
    search: v.search || undefined,
    type: v.type === '' ? undefined : v.type,
    scope: place?.scope,
    scope_id: place?.scope_id,
    filter: v.filter,
    ordering: v.ordering,
  };
}

/**
 * '/discussions': the topics the caller may read, pinned first, searched and filtered (all kept
 * in the URL); anyone starts a topic, admins manage the organisation's types.
 */
export default function DiscussionsPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [composing, setComposing] = useState(false);
  const [managing, setManaging] = useState(false);
  const filters = readFilters(params);
  const list = useDiscussions(listQueryOf(filters));
  const types = useDiscussionTypes();
  const scopes = useDiscussionScopes();
  const admin = user ? isAdmin(user.role.id) : false;

  const change = (next: Partial<FilterValues>) =>
    setParams(writeFilters({ ...filters, ...next, page: 1 }), { replace: true });
  const filtered =
    filters.search !== '' ||
    filters.type !== '' ||
    filters.scope !== '' ||
    filters.filter !== 'all';
  const start = (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setComposing(true)}>
      Start a discussion
    </Button>
  );

  return (
    <PageContainer maxWidth={1000}>
      <PageHeader
        title="Discussions"
        subtitle="Ask questions, share ideas and talk things through with your colleagues."
        actions={
          <>
            {admin && (
              <Button
                variant="outlined"
                startIcon={<CategoryOutlined />}
                onClick={() => setManaging(true)}
              >
                Types
              </Button>
            )}
            {start}
          </>
        }
      />
      <DiscussionsTabs current="topics" />
      <Stack spacing={2.5}>
        <DiscussionFilters
          value={filters}
          onChange={change}
          types={types.data ?? []}
          scopes={scopes.data ?? []}
        />
        <DiscussionList
          list={list}
          page={filters.page}
          pageSize={PAGE_SIZE}
          onPage={(page) => setParams(writeFilters({ ...filters, page }))}
          empty={
            filtered ? (
              <Stack spacing={1.5} component="span" sx={{ alignItems: 'center' }}>
                <span>No discussion matches. Try other words, or clear the filters.</span>
                <Button onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                  Clear filters
                </Button>
              </Stack>
            ) : (
              <Stack spacing={1.5} component="span" sx={{ alignItems: 'center' }}>
                <span>No discussions yet — start one.</span>
                {start}
              </Stack>
            )
          }
        />
      </Stack>
      {composing && (
        <DiscussionComposer
          onClose={() => setComposing(false)}
          onSaved={(topic) => {
            setComposing(false);
            navigate(discussionUrl(topic.id));
          }}
        />
      )}
      {managing && <DiscussionTypesDialog onClose={() => setManaging(false)} />}
    </PageContainer>
  );
}
