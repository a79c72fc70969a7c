import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SeatBar, useLicences } from '../../licences/index.ts';

/** The organisation's licence seats, when it has a limit: adding past it is refused. */
export function SeatSummary({ organisationId }: { organisationId: number }) {
  const licences = useLicences(organisationId);
  const licence = licences.data?.find((item) => item.organization.id === organisationId);
  if (!licence || licence.seats === null) return null;
  return (
    <Card sx={{ p: 2, mb: 2.5 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Typography sx={{ fontWeight: 600, flexShrink: 0 }}>Licence seats</Typography>
        <Stack sx={{ flex: 1, maxWidth: 420 }}>
          <SeatBar licence={licence} />
        </Stack>
      </Stack>
    </Card>
  );
}
