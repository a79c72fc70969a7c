import type { TCompetencyFramework } from '@atrium/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** Which framework a panel shows. */
export function FrameworkPicker({
  frameworks,
  value,
  onChange,
}: {
  frameworks: TCompetencyFramework[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Framework"
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: { xs: '100%', sm: 280 } }}
    >
      {frameworks.map((f) => (
        <MenuItem key={f.id} value={String(f.id)}>
          {f.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The chosen framework, else the first. */
export const chosen = (frameworks: TCompetencyFramework[] | undefined, id: number | null) =>
  frameworks?.find((f) => f.id === id)?.id ?? frameworks?.[0]?.id ?? null;
