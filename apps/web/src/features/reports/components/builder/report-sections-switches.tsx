import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { useReportSections, useUpdateReportSections } from '../../api/builder.api.ts';

/**
 * The §6 report sections of one user, each a switch (saved at once), for an admin's permission
 * screen: a section switched off hides its sources from the user's report builder.
 */
export function ReportSectionsSwitches({ userId }: { userId: number }) {
  const query = useReportSections(userId);
  const update = useUpdateReportSections(userId);
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  if (!query.data) return <Skeleton height={200} aria-hidden />;
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        Report sections
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        What they may put in a custom report. Each switch is saved at once.
      </Typography>
      {update.isError && (
        <Alert severity="error" sx={{ my: 1 }}>
          {errorMessage(update.error)}
        </Alert>
      )}
      <List dense disablePadding>
        {query.data.results.map((s) => (
          <ListItem
            key={s.key}
            disableGutters
            secondaryAction={
              <Switch
                edge="end"
                checked={s.permission}
                disabled={update.isPending}
                onChange={(e) => update.mutate([{ key: s.key, permission: e.target.checked }])}
                slotProps={{ input: { 'aria-label': `Report section ${s.title}` } }}
              />
            }
          >
            <ListItemText primary={s.title} />
          </ListItem>
        ))}
      </List>
    </>
  );
}
