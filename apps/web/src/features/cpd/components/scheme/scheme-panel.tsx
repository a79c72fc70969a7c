import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { SectionCard } from '../../../../shared/ui/section-card.tsx';
import { useCpdScheme } from '../../api/cpd.api.ts';
import { CPD_MESSAGES } from '../../labels.ts';
import { CategoriesTable } from './categories-table.tsx';
import { SchemeForm } from './scheme-form.tsx';

/** The /cpd "CPD scheme" tab, for admins: the scheme in force and the categories. */
export function SchemePanel() {
  const scheme = useCpdScheme();
  const state = scheme.data;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
        alignItems: 'start',
      }}
    >
      <SectionCard
        title="CPD scheme"
        subtitle="Cycles, the target learners work toward, and what carries over."
        busy={!state && !scheme.isError}
      >
        {scheme.isError ? (
          <Alert severity="error">{errorMessage(scheme.error, CPD_MESSAGES.schemeFailed)}</Alert>
        ) : !state ? (
          <Stack spacing={2}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        ) : (
          // Keyed by the scheme, so the form starts over from what was saved elsewhere.
          <SchemeForm key={state.scheme?.id ?? 'new'} scheme={state.scheme} />
        )}
      </SectionCard>
      <CategoriesTable unit={state?.scheme?.unit ?? 'hours'} />
    </Box>
  );
}
