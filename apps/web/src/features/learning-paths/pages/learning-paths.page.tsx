import { ROLE, type TLearningPath } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useDeletePath, useLearningPaths, useSetPathStatus } from '../api/paths.api.ts';
import { PathFilters } from '../components/browse/path-filters.tsx';
import { PathGrid } from '../components/browse/path-grid.tsx';
import { type PathTab, usePathListState } from '../components/browse/use-path-list-state.ts';
import { CreatePathDialog } from '../components/manage/create-path-dialog.tsx';
import { type ManageAction, ManageTable } from '../components/manage/manage-table.tsx';
import { CARD_PAGE_SIZE } from '../path-labels.ts';

const TAB_LABEL: Record<PathTab, string> = {
  catalogue: 'Catalogue',
  mine: 'My paths',
  manage: 'Manage',
};
const EMPTY: Record<PathTab, string> = {
  catalogue: 'No learning paths are open to you yet.',
  mine: 'You are not enrolled in a learning path yet.',
  manage: 'No learning paths yet. Create the first one.',
};

/** '/learning-path': the catalogue for everyone, the caller's own paths, and managing them. */
export default function LearningPathsPage() {
  const { user } = useSession();
  const { state, update } = usePathListState();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TLearningPath | null>(null);
  // Admins and trainers create and manage paths; the server still decides per path (abilities).
  const staff = (user?.role.id ?? ROLE.LEARNER) <= ROLE.TRAINER;
  const tabs: PathTab[] = staff ? ['catalogue', 'mine', 'manage'] : ['catalogue', 'mine'];
  const tab = tabs.includes(state.tab) ? state.tab : 'catalogue';
  const list = useLearningPaths(
    {
      scope: tab,
      search: state.search.trim() || undefined,
      status: tab === 'manage' && state.status !== '' ? state.status : undefined,
      category: state.category ?? undefined,
      page: state.page,
      page_size: CARD_PAGE_SIZE,
    },
    Boolean(user),
  );
  const setStatus = useSetPathStatus();
  const remove = useDeletePath();
  if (!user) return null;

  const filtered = state.search !== '' || state.category !== null || state.status !== '';
  const onAction = (path: TLearningPath, action: ManageAction) => {
    if (action.kind === 'delete') {
      remove.reset();
      setDeleting(path);
    } else setStatus.mutate({ id: path.id, status: action.to });
  };

  return (
    <PageContainer>
      <PageHeader
        title="Learning paths"
        subtitle="Programmes of courses, taken in order, with your progress along the way."
        actions={
          staff && (
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setCreating(true)}
            >
              New learning path
            </Button>
          )
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: PathTab) => update({ tab: next })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Learning path lists"
        >
          {tabs.map((t) => (
            <Tab key={t} value={t} label={TAB_LABEL[t]} />
          ))}
        </Tabs>
      </Box>
      <Card sx={{ p: 2, mb: 2.5 }}>
        <PathFilters state={state} onChange={update} showStatus={tab === 'manage'} />
      </Card>
      {tab === 'manage' ? (
        <ManageTable
          list={list}
          page={state.page}
          onPage={(page) => update({ page })}
          onAction={onAction}
          empty={filtered ? 'No learning paths match these filters.' : EMPTY.manage}
        />
      ) : (
        <PathGrid
          list={list}
          page={state.page}
          pageSize={CARD_PAGE_SIZE}
          onPage={(page) => update({ page })}
          empty={filtered ? 'No learning paths match these filters.' : EMPTY[tab]}
          emptyAction={
            tab === 'mine' &&
            !filtered && (
              <Button variant="outlined" onClick={() => update({ tab: 'catalogue' })}>
                Browse the catalogue
              </Button>
            )
          }
        />
      )}
      <CreatePathDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete learning path?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
      >
        {remove.isError ? (
          <Box component="span" role="alert" sx={{ color: 'error.main' }}>
            {errorMessage(remove.error)}
          </Box>
        ) : (
          `“${deleting?.title ?? ''}” and its structure are deleted. A path with learners must be archived first.`
        )}
      </ConfirmDialog>
    </PageContainer>
  );
}
