import Skeleton from '@mui/material/Skeleton';
import { useLocation, useParams } from 'react-router';
import { useAssessmentOf } from '../api/proctoring.api.ts';
import { filterQuery } from '../components/grid-filters.tsx';
import { ProctorFrame, useIsStaff } from '../components/proctor-frame.tsx';
import { ProctorGridView, useProctorGridState } from '../components/proctor-grid-view.tsx';
import { groupLabel, NO_GROUP_LABEL } from '../labels.tsx';
import { LearnerDrawer } from '../learner/learner-drawer.tsx';
import { proctorGridUrl } from '../urls.ts';

/**
 * '/assessment/:id/proctor-view-card/:groupId': one group's cards; `?session=` opens a learner's
 * card over them (a drawer, so the grid stays in view and Back closes it).
 */
export default function ProctorGroupPage() {
  const params = useParams();
  const id = Number(params.id);
  const group = Number(params.groupId);
  const staff = useIsStaff();
  const valid = staff && Number.isInteger(id) && id > 0 && Number.isInteger(group) && group >= 0;
  const assessment = useAssessmentOf(valid ? id : 0);
  const state = useProctorGridState(valid ? id : 0, valid ? group : undefined);
  const location = useLocation();
  const found = state.grid.data?.groups.find((g) => g.id === group);
  const title = found
    ? groupLabel(found)
    : group === 0
      ? NO_GROUP_LABEL
      : state.grid.data
        ? 'Group'
        : undefined;

  return (
    <ProctorFrame
      assessment={valid ? id : 0}
      back={{ to: `${proctorGridUrl(id)}${filterQuery(state.filters)}`, label: 'All groups' }}
      title={title ?? <Skeleton width={220} />}
      subtitle={
        assessment.data ? `${assessment.data.title}: live proctoring of one group.` : undefined
      }
    >
      <ProctorGridView
        state={state}
        cardTo={(row) => {
          const query = new URLSearchParams(location.search);
          query.set('session', String(row.session));
          return `${location.pathname}?${query}`;
        }}
      />
      {valid && <LearnerDrawer assessment={id} group={group} />}
    </ProctorFrame>
  );
}
