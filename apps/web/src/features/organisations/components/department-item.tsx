import type { TDepartment } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DepartmentChildren } from './department-children.tsx';

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One department: its head and counts in the summary, its designations and locations inside. */
export function DepartmentItem({
  department,
  editable,
  onEdit,
  onDelete,
}: {
  department: TDepartment;
  editable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Accordion
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.5, sm: 1.5 }}
          sx={{ alignItems: { sm: 'center' }, minWidth: 0, flex: 1 }}
        >
          <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {department.name}
          </Typography>
          <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', minWidth: 0 }}>
            <Chip
              size="small"
              // Default colours: the organisation's primary colour on white may miss AA contrast.
              variant={department.head ? 'filled' : 'outlined'}
              icon={<SupervisorAccountOutlined />}
              label={department.head ? `Head: ${department.head.fullname}` : 'No head'}
              // A long name is cut short in the chip; the whole of it stays readable on hover.
              title={department.head?.fullname}
              sx={{ maxWidth: '100%' }}
            />
            <Chip size="small" label={count(department.user_count, 'user')} />
            <Chip
              size="small"
              variant="outlined"
              label={count(department.designation_count, 'designation')}
            />
            <Chip
              size="small"
              variant="outlined"
              label={count(department.location_count, 'location')}
            />
          </Stack>
        </Stack>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
        {editable && (
          <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
            <Button size="small" startIcon={<EditOutlined />} onClick={onEdit}>
              Edit
            </Button>
            <Button size="small" color="error" startIcon={<DeleteOutlined />} onClick={onDelete}>
              Delete
            </Button>
          </Stack>
        )}
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <DepartmentChildren
              kind="designation"
              departmentId={department.id}
              departmentName={department.name}
              editable={editable}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <DepartmentChildren
              kind="location"
              departmentId={department.id}
              departmentName={department.name}
              editable={editable}
            />
          </Grid>
        </Grid>
      </AccordionDetails>
    </Accordion>
  );
}
