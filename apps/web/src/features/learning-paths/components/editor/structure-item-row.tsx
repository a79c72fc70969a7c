import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatMinutes } from '../../path-labels.ts';
import type { DraftElective, DraftItem } from '../../structure/structure-model.ts';

/** One course of the structure: its place, set, prerequisites and the actions on it. */
export function StructureItemRow({
  item,
  index,
  titleOf,
  electives,
  readOnly,
  onElective,
  onPrerequisites,
  onRemove,
}: {
  item: DraftItem;
  index: number;
  titleOf: (courseId: number) => string;
  electives: readonly DraftElective[];
  readOnly: boolean;
  onElective: (key: string | null) => void;
  onPrerequisites: () => void;
  onRemove: () => void;
}) {
  const duration = formatMinutes(item.duration);
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1}
      sx={{ alignItems: { md: 'center' }, minWidth: 0 }}
    >
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {index + 1}. {item.title}
        </Typography>
        <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.25 }}>
          {item.status !== 'published' && (
            <Chip size="small" color="warning" variant="outlined" label="Course not published" />
          )}
          {duration && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {duration}
            </Typography>
          )}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {item.requires.length > 0
              ? `Requires ${item.requires.map(titleOf).join(', ')}`
              : 'No prerequisites of its own'}
          </Typography>
        </Stack>
      </Stack>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        {electives.length > 0 && (
          <TextField
            select
            size="small"
            label="Set"
            value={item.elective ?? ''}
            disabled={readOnly}
            onChange={(event) => onElective(event.target.value === '' ? null : event.target.value)}
            sx={{ minWidth: 150 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Required</MenuItem>
            {electives.map((e) => (
              <MenuItem key={e.key} value={e.key}>
                {e.title}
              </MenuItem>
            ))}
          </TextField>
        )}
        {!readOnly && (
          <>
            <Tooltip title="Prerequisites">
              <IconButton
                size="small"
                aria-label={`Prerequisites of ${item.title}`}
                onClick={onPrerequisites}
              >
                <AccountTreeOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Remove from the path">
              <IconButton size="small" aria-label={`Remove ${item.title}`} onClick={onRemove}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Stack>
    </Stack>
  );
}
