import type { TApprovalModule } from '@atrium/contract';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import { SETTINGS_MESSAGES, useApprovalModules } from '../../api/approval-settings.api.ts';
import { ApprovalLevels } from './approval-levels.tsx';
import { ModuleSettingsForm } from './module-settings-form.tsx';
import { moduleFormValues } from './settings-logic.ts';

/**
 * The admin's approval settings (the "Approval settings" tab of /requests): one panel per
 * approvable kind with its settings and its approvers, level by level.
 */
export function ApprovalSettingsPanel() {
  const modules = useApprovalModules();

  if (modules.isPending) {
    return (
      <Stack spacing={1.5} aria-busy="true" aria-label="Loading the approval settings">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={72} />
        ))}
      </Stack>
    );
  }
  if (modules.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => modules.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(modules.error, SETTINGS_MESSAGES.listFailed)}
      </Alert>
    );
  }
  if (modules.data.results.length === 0) {
    return (
      <EmptyState icon={<RuleOutlined />}>
        Nothing in this organisation asks for approval yet.
      </EmptyState>
    );
  }
  const only = modules.data.results.length === 1;
  return (
    <Stack spacing={1.5}>
      {modules.data.results.map((module) => (
        <ModulePanel key={module.kind} module={module} expanded={only} />
      ))}
    </Stack>
  );
}

function ModulePanel({ module, expanded }: { module: TApprovalModule; expanded: boolean }) {
  const summaryId = `approval-module-${module.kind}`;
  return (
    <Accordion defaultExpanded={expanded} disableGutters>
      <AccordionSummary
        expandIcon={<ExpandMoreOutlined />}
        id={summaryId}
        aria-controls={`${summaryId}-details`}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: 1, width: '100%', alignItems: { sm: 'center' }, pr: 1 }}
        >
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {module.label}
            </Typography>
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
              {module.description}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Chip
              size="small"
              variant="outlined"
              color={module.enabled ? 'primary' : 'default'}
              label={module.enabled ? 'Approval on' : 'Approval off'}
            />
            <Chip
              size="small"
              color={module.pending_count > 0 ? 'warning' : 'default'}
              label={`${module.pending_count} pending`}
            />
          </Stack>
        </Stack>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
        <Stack spacing={3} divider={<Divider flexItem />}>
          {/* Remounted when the server's values change: the form starts from what was saved. */}
          <ModuleSettingsForm key={JSON.stringify(moduleFormValues(module))} module={module} />
          <Stack spacing={1}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Approvers
            </Typography>
            <ApprovalLevels module={module} />
          </Stack>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
