import type { TRoom } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { useTrainerOptions } from '../../api/classrooms.api.ts';
import { timeZoneOptions } from '../../time.ts';
import { ConflictWarning } from './conflict-warning.tsx';
import type { RowErrors, SessionRow, TrainerChoice } from './session-rows.ts';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
};

/**
 * One session of the add-session form. Warnings of a trainer's or a room's other sessions show
 * under the row as the date and times are typed.
 */
export function SessionRowFields({
  index,
  row,
  errors,
  rooms,
  canAddRoom,
  onAddRoom,
  onChange,
  onRemove,
  excludeSession,
}: {
  index: number;
  row: SessionRow;
  errors: RowErrors;
  rooms: TRoom[];
  canAddRoom: boolean;
  onAddRoom: () => void;
  onChange: (patch: Partial<SessionRow>) => void;
  /** Absent when the row cannot be removed (the only one, or an edit). */
  onRemove?: () => void;
  excludeSession?: number;
}) {
  const n = index + 1;
  const label = (text: string) => `${text} (session ${n})`;
  const [trainerSearch, setTrainerSearch] = useState('');
  const search = useDebouncedValue(trainerSearch);
  const trainers = useTrainerOptions(search);
  const zones = useMemo(() => timeZoneOptions(), []);
  const room = rooms.find((r) => r.id === row.room) ?? null;
  const field = (name: keyof RowErrors) => ({
    error: Boolean(errors[name]),
    helperText: errors[name],
  });

  return (
    <Card variant="outlined" role="group" aria-label={`Session ${n}`}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, flex: 1 }}>
            Session {n}
          </Typography>
          {onRemove && (
            <Tooltip title="Remove this session">
              <IconButton aria-label={`Remove session ${n}`} onClick={onRemove} size="small">
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        <Box sx={grid}>
          <TextField
            label={label('Title')}
            required
            value={row.title}
            onChange={(event) => onChange({ title: event.target.value })}
            sx={{ gridColumn: { md: 'span 2' } }}
            {...field('title')}
          />
          <TextField
            label={label('Date')}
            type="date"
            required
            value={row.date}
            onChange={(event) => onChange({ date: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            {...field('date')}
          />
          <Autocomplete
            options={zones}
            value={row.time_zone}
            disableClearable
            onChange={(_event, value) => onChange({ time_zone: value })}
            renderInput={(params) => (
              <TextField {...params} label={label('Time zone')} {...field('time_zone')} />
            )}
          />
          <TextField
            label={label('Start (HH:MM)')}
            required
            value={row.start_time}
            onChange={(event) => onChange({ start_time: event.target.value })}
            placeholder="09:00"
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            {...field('start_time')}
          />
          <TextField
            label={label('End (HH:MM)')}
            required
            value={row.end_time}
            onChange={(event) => onChange({ end_time: event.target.value })}
            placeholder="10:30"
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            {...field('end_time')}
          />
          <Autocomplete
            multiple
            options={trainers.data?.results ?? []}
            value={row.trainers}
            filterOptions={(options) => options}
            loading={trainers.isFetching}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(option: TrainerChoice) => option.fullname}
            renderOption={(props, option) => {
              const { key, ...rest } = props;
              return (
                <li key={key} {...rest}>
                  <Box>
                    <div>{option.fullname}</div>
                    {option.email && (
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {option.email}
                      </Typography>
                    )}
                  </Box>
                </li>
              );
            }}
            onInputChange={(_event, value, reason) => {
              if (reason === 'input' || reason === 'clear') setTrainerSearch(value);
            }}
            onChange={(_event, value) => onChange({ trainers: value })}
            sx={{ gridColumn: { md: 'span 2' } }}
            renderInput={(params) => (
              <TextField {...params} label={label('Trainers')} {...field('trainers')} />
            )}
          />
        </Box>
        <Box sx={{ ...grid, mt: 2 }}>
          <Stack direction="row" spacing={1} sx={{ gridColumn: { md: 'span 2' } }}>
            <TextField
              select
              label={label('Room')}
              value={row.room ?? ''}
              onChange={(event) =>
                onChange({ room: event.target.value === '' ? null : Number(event.target.value) })
              }
              sx={{ flex: 1 }}
              {...field('room')}
            >
              <MenuItem value="">
                <em>No room</em>
              </MenuItem>
              {rooms.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name} ({r.capacity} seats){r.location && ` · ${r.location}`}
                </MenuItem>
              ))}
            </TextField>
            {canAddRoom && (
              <Button
                onClick={onAddRoom}
                startIcon={<AddOutlined />}
                sx={{ alignSelf: 'flex-start', mt: 1, whiteSpace: 'nowrap' }}
                aria-label={`New room for session ${n}`}
              >
                New room
              </Button>
            )}
          </Stack>
          <FormControlLabel
            control={
              <Switch
                checked={row.online}
                onChange={(event) => onChange({ online: event.target.checked })}
              />
            }
            label={label('Online')}
          />
          <TextField
            label={label('Capacity')}
            type="number"
            required
            value={row.capacity}
            onChange={(event) => onChange({ capacity: event.target.value })}
            slotProps={{ htmlInput: { min: 1 } }}
            {...field('capacity')}
          />
          <TextField
            label={label('Minimum size')}
            type="number"
            value={row.minimum_size}
            onChange={(event) => onChange({ minimum_size: event.target.value })}
            slotProps={{ htmlInput: { min: 1 } }}
            {...field('minimum_size')}
            helperText={
              errors.minimum_size ?? 'Optional: below it at the cut-off, it is cancelled.'
            }
          />
          <TextField
            label={label('Cut-off')}
            type="datetime-local"
            value={row.cut_off_at}
            onChange={(event) => onChange({ cut_off_at: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            {...field('cut_off_at')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={row.keep_below_minimum}
                onChange={(event) => onChange({ keep_below_minimum: event.target.checked })}
              />
            }
            label={label('Keep below minimum')}
            sx={{ gridColumn: { md: 'span 2' } }}
          />
        </Box>
        {room && row.capacity !== '' && Number(row.capacity) > room.capacity && (
          <Typography variant="body2" sx={{ color: 'warning.main', mt: 1 }}>
            {room.name} has {room.capacity} seats; this session offers {row.capacity}.
          </Typography>
        )}
        <Stack spacing={1} sx={{ mt: 2 }}>
          {row.trainers.map((t) => (
            <ConflictWarning
              key={`t-${t.id}`}
              resource="trainer"
              id={t.id}
              name={t.fullname}
              date={row.date}
              start={row.start_time.trim()}
              end={row.end_time.trim()}
              timeZone={row.time_zone}
              excludeSession={excludeSession}
            />
          ))}
          {room && (
            <ConflictWarning
              resource="room"
              id={room.id}
              name={room.name}
              date={row.date}
              start={row.start_time.trim()}
              end={row.end_time.trim()}
              timeZone={row.time_zone}
              excludeSession={excludeSession}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
