import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useLaunch } from '../api/lti.api.ts';

/**
 * An LTI module item in the player: a Launch button that opens the tool in a new tab. The tool
 * reports the grade back (AGS), and a graded or completed activity completes the item here.
 */
export function LtiLaunch({ moduleFileId, title }: { moduleFileId: number; title: string }) {
  const launch = useLaunch();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <ExtensionOutlined color="primary" />
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          This activity runs in an external tool. It opens in a new tab; your result comes back here
          when you finish.
        </Typography>
        {launch.isError && <Alert severity="error">{errorMessage(launch.error)}</Alert>}
        <Button
          variant="contained"
          endIcon={<OpenInNewOutlined />}
          loading={launch.isPending}
          onClick={() => launch.mutate(moduleFileId)}
        >
          Launch
        </Button>
      </Stack>
    </Paper>
  );
}
