import Stack from '@mui/material/Stack';
import { useParams } from 'react-router';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { filterQuery } from '../components/grid-filters.tsx';
import { ProctorFrame, useIsStaff } from '../components/proctor-frame.tsx';
import { ProctorGridView, useProctorGridState } from '../components/proctor-grid-view.tsx';
import { FalseFlagDashboard } from '../dashboard/false-flag-dashboard.tsx';
import { PROCTORED_ASSESSMENTS_URL, proctorGroupUrl } from '../urls.ts';

/** '/assessment/:id/proctor/': every proctored learner of an assessment, live, by group. */
export default function ProctorGridPage() {
  const id = Number(useParams().id);
  const staff = useIsStaff();
  const valid = staff && Number.isInteger(id) && id > 0;
  const state = useProctorGridState(valid ? id : 0);
  return (
    <ProctorFrame
      assessment={valid ? id : 0}
      back={{ to: PROCTORED_ASSESSMENTS_URL, label: 'Proctored assessments' }}
      subtitle="Live proctoring: flags, pictures and decisions as they happen."
    >
      <Stack spacing={3}>
        <ProctorGridView
          state={state}
          // The learner card opens over their group's cards, keeping the filters.
          cardTo={(row) => {
            const query = new URLSearchParams(filterQuery(state.filters));
            query.set('session', String(row.session));
            return `${proctorGroupUrl(id, row.group?.id ?? 0)}?${query}`;
          }}
        />
        <SectionCard
          title="False flags"
          subtitle="Of the flags proctors decided, the share they dismissed, per signal. A high rate means the signal often flags innocent behaviour: give it more time or stop counting it."
        >
          <FalseFlagDashboard assessment={id} />
        </SectionCard>
      </Stack>
    </ProctorFrame>
  );
}
