import type { TCalendarItem } from '@atrium/contract';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useHasPage } from '../../../shared/navigation/page-availability.ts';
import { formatWhen, localTimeNote } from '../calendar-model.ts';
import { KindSwatch } from './kind-swatch.tsx';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'flex-start' }}>
      <Stack sx={{ color: 'text.secondary', pt: 0.25 }}>{icon}</Stack>
      <Typography component="div" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

interface ItemDetailsDialogProps {
  /** null: closed. */
  item: TCalendarItem | null;
  kinds: readonly string[];
  kindLabels: ReadonlyMap<string, string>;
  onClose: () => void;
}

/**
 * One item's details: what, which kind, when (in the viewer's language and zone; all-day items
 * by their dates), where, and Open when the app has the page it links to.
 */
export function ItemDetailsDialog({ item, kinds, kindLabels, onClose }: ItemDetailsDialogProps) {
  const titleId = useId();
  const hasPage = useHasPage();
  // The last item stays while the dialog fades out.
  const [shown, setShown] = useState(item);
  if (item && item !== shown) setShown(item);
  const current = item ?? shown;
  const note = current ? localTimeNote(current) : null;
  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      {current && (
        <>
          <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
            {current.title}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <KindSwatch kind={current.kind} kinds={kinds} />
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {kindLabels.get(current.kind) ?? current.kind}
                </Typography>
              </Stack>
              <Line icon={<ScheduleOutlined fontSize="small" />}>
                {formatWhen(current)}
                {note && (
                  <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                    {note}
                  </Typography>
                )}
              </Line>
              {current.location && (
                <Line icon={<PlaceOutlined fontSize="small" />}>{current.location}</Line>
              )}
              {current.detail && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {current.detail}
                </Typography>
              )}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} color="inherit">
              Close
            </Button>
            {hasPage(current.link) && (
              <Button component={RouterLink} to={current.link} variant="contained">
                Open
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
