import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useUpdateWallSettings, useWallSettings } from '../../api/wall.api.ts';

/** Whether Atrium posts the caller's completed courses and learning paths on the wall. */
export function ShareAchievements() {
  const settings = useWallSettings();
  const update = useUpdateWallSettings();
  const checked = update.isPending
    ? (update.variables ?? false)
    : (settings.data?.share_achievements ?? false);
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={!settings.data || update.isPending}
            onChange={(event) => update.mutate(event.target.checked)}
          />
        }
        label="Share my achievements on the wall"
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        When you complete a course or a learning path, a post tells your colleagues.
      </Typography>
    </>
  );
}
