import { LEARNER_ASSESSMENT_STATES } from '@atrium/contract';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useMyAssessments } from '../api/attempts.api.ts';
import {
  type LearnerState,
  MyAssessmentList,
  STATE_LABELS,
} from '../taking/my-assessment-list.tsx';

const PAGE_SIZE = 12;

/** /assessment/start: the learner's assessments by state, each opening its start page. */
export default function MyAssessmentsPage() {
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state');
  const state = (LEARNER_ASSESSMENT_STATES as readonly string[]).includes(stateParam ?? '')
    ? (stateParam as LearnerState)
    : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useMyAssessments({ page, page_size: PAGE_SIZE, ...(state ? { state } : {}) });
  const update = (next: { state?: LearnerState; page?: number }) => {
    const p = new URLSearchParams();
    const s = 'state' in next ? next.state : state;
    if (s) p.set('state', s);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };
  return (
    <PageContainer maxWidth={1100}>
      <PageHeader
        title="My assessments"
        subtitle="Tests and quizzes assigned to you or in your courses."
      />
      <Stack sx={{ gap: 2 }}>
        <Tabs
          value={state ?? 'all'}
          onChange={(_, v: string) =>
            update({ state: v === 'all' ? undefined : (v as LearnerState), page: 1 })
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Filter by state"
        >
          <Tab value="all" label="All" />
          {LEARNER_ASSESSMENT_STATES.map((s) => (
            <Tab key={s} value={s} label={STATE_LABELS[s]} />
          ))}
        </Tabs>
        <MyAssessmentList list={list} filtered={state !== undefined} />
        {list.data && list.data.count > PAGE_SIZE && (
          <TablePagination
            component="div"
            page={page - 1}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_, p) => update({ page: p + 1 })}
            {...pageCountProps(list.data)}
          />
        )}
      </Stack>
    </PageContainer>
  );
}
