import type { TBuilderSource, TSavedReport } from '@atrium/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import {
  useBuilderSources,
  useCreateSavedReport,
  useRunDefinition,
  useSavedReport,
  useUpdateSavedReport,
} from '../api/builder.api.ts';
import { type Draft, draftFor, toDefinition } from '../components/builder/definition.ts';
import { DefinitionEditor } from '../components/builder/definition-editor.tsx';
import { PreviewTable } from '../components/builder/preview-table.tsx';
import { SaveDialog, type SaveValues } from '../components/builder/save-dialog.tsx';
import { ExportMenu } from '../components/export-menu.tsx';
import { ReportsTabs } from '../components/reports-tabs.tsx';
import { ScheduleButton } from '../components/schedule-button.tsx';

const PAGE_SIZE = 20;

/** The saved definition as a draft (the server fills every default). */
const draftOf = (saved: TSavedReport): Draft => ({ ...saved.definition });

function Builder({ sources, saved }: { sources: TBuilderSource[]; saved: TSavedReport | null }) {
  const navigate = useNavigate();
  const first = sources[0] as TBuilderSource;
  const [draft, setDraft] = useState<Draft>(() => (saved ? draftOf(saved) : draftFor(first)));
  // A saved report opens as a view; its owner (or an admin) may switch to editing it.
  const [editing, setEditing] = useState(saved === null);
  const [saving, setSaving] = useState(false);
  const [page, setPage] = useState(0);
  const debounced = useDebouncedValue(draft, 400);
  const definition = useMemo(() => toDefinition(debounced), [debounced]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new definition starts at its first page
  useEffect(() => setPage(0), [definition]);
  const run = useRunDefinition(definition, page + 1, PAGE_SIZE);
  const create = useCreateSavedReport();
  const update = useUpdateSavedReport();
  const sourceOff = !sources.some((s) => s.key === draft.source);

  const save = async (values: SaveValues) => {
    const body = { ...values, definition: toDefinition(draft) };
    if (saved) {
      await update.mutateAsync({ id: saved.id, body });
      notifySuccess('The report is saved.');
      setSaving(false);
      setEditing(false);
    } else {
      const created = await create.mutateAsync(body);
      notifySuccess('The report is saved.');
      setSaving(false);
      navigate(`/reports/custom/${created.id}`, { replace: true });
    }
  };

  return (
    <>
      <PageHeader
        title={saved ? saved.name : 'New custom report'}
        subtitle={
          saved
            ? saved.description || `By ${saved.mine ? 'you' : saved.owner.fullname}`
            : 'Choose a source and columns; the preview shows the figures you may see.'
        }
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {saved && !editing && (
              <>
                <ExportMenu source={{ kind: 'saved', id: saved.id }} />
                <ScheduleButton source={{ kind: 'saved', id: saved.id }} name={saved.name} />
              </>
            )}
            <Button component={RouterLink} to="/reports/custom" startIcon={<ArrowBack />}>
              All reports
            </Button>
            {saved && !editing && saved.abilities.edit && (
              <Button startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {editing && (
              <Button
                variant="contained"
                startIcon={<SaveOutlined />}
                disabled={sourceOff}
                onClick={() => setSaving(true)}
              >
                Save
              </Button>
            )}
          </Stack>
        }
      />
      <ReportsTabs current="custom" />
      <Stack spacing={3}>
        {sourceOff && (
          <Alert severity="warning">
            This report reads a report section that is switched off for you.
          </Alert>
        )}
        {editing && !sourceOff && (
          <SectionCard title="Definition">
            <DefinitionEditor sources={sources} draft={draft} onChange={setDraft} />
          </SectionCard>
        )}
        <SectionCard title="Preview" busy={run.isFetching}>
          <PreviewTable
            result={run.data}
            error={run.error}
            loading={run.isLoading}
            onRetry={() => void run.refetch()}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
          />
        </SectionCard>
      </Stack>
      <SaveDialog
        open={saving}
        title={saved ? 'Save changes' : 'Save report'}
        initial={{
          name: saved?.name ?? '',
          description: saved?.description ?? '',
          shared_roles: saved?.shared_roles ?? [],
        }}
        busy={create.isPending || update.isPending}
        onClose={() => setSaving(false)}
        onSave={save}
      />
    </>
  );
}

/**
 * /reports/custom/new and /reports/custom/:id: the report builder. A saved report opens as a
 * view (run with the viewer's own scope); the export menu and schedule button go in the
 * header's actions.
 */
export default function CustomReportPage() {
  const param = useParams().id;
  const id = param && param !== 'new' ? Number(param) : 0;
  const sources = useBuilderSources();
  const saved = useSavedReport(id);
  const failed = sources.error ?? (id > 0 ? saved.error : null);
  let body: React.ReactNode;
  const before = (content: React.ReactNode) => (
    <>
      <PageHeader title="Custom report" />
      <ReportsTabs current="custom" />
      {content}
    </>
  );
  if (failed) {
    body = before(
      <Alert severity="error">{errorMessage(failed, 'The report could not be loaded.')}</Alert>,
    );
  } else if (!sources.data || (id > 0 && !saved.data)) {
    body = before(<Skeleton variant="rounded" height={320} aria-hidden />);
  } else if (sources.data.results.length === 0) {
    body = before(<Alert severity="info">No report sections are switched on for you.</Alert>);
  } else {
    // Keyed by the report: opening another one starts from its own definition.
    body = (
      <Builder
        key={id}
        sources={sources.data.results}
        saved={id > 0 ? (saved.data ?? null) : null}
      />
    );
  }
  return <PageContainer>{body}</PageContainer>;
}
