import type { TBankQuestion } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import {
  useBankQuestions,
  useCategories,
  useRemoveQuestion,
  useUpdateQuestion,
} from '../api/bank.api.ts';
import { exportQuestions } from '../api/question-io.api.ts';
import { CategoryPanel } from '../bank/category-panel.tsx';
import { ImportDialog } from '../bank/import-dialog.tsx';
import { QuestionEditorDialog } from '../bank/question-editor-dialog.tsx';
import { type BankFilters, NO_FILTERS, QuestionFilters } from '../bank/question-filters.tsx';
import { QuestionTable } from '../bank/question-table.tsx';
import { VersionHistoryDialog } from '../bank/version-history-dialog.tsx';

/** /assessment/question-bank: the organisation's questions by category, with import and export. */
export default function QuestionBankPage() {
  const [category, setCategory] = useState<number | null>(null);
  const [filters, setFilters] = useState<BankFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [versions, setVersions] = useState<TBankQuestion | null>(null);
  const [removing, setRemoving] = useState<TBankQuestion | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const categories = useCategories();
  const questions = useBankQuestions({
    page,
    page_size: pageSize,
    status: filters.status,
    ...(category !== null && { category }),
    ...(filters.search && { search: filters.search }),
    ...(filters.tag && { tag: filters.tag }),
    ...(filters.type && { type: filters.type }),
  });
  const remove = useRemoveQuestion();
  const restore = useUpdateQuestion();

  const changeFilters = useCallback((next: BankFilters) => {
    setFilters(next);
    setPage(1);
  }, []);

  const runExport = () => {
    setExporting(true);
    exportQuestions(
      selected.size > 0 ? { ids: [...selected] } : category !== null ? { category } : {},
    )
      .catch((error: unknown) =>
        notifyError(errorMessage(error, 'Could not export the questions.')),
      )
      .finally(() => setExporting(false));
  };
  const exportLabel =
    selected.size > 0
      ? `Export ${selected.size} as QTI`
      : category !== null
        ? 'Export category as QTI'
        : 'Export all as QTI';

  return (
    <PageContainer>
      <PageHeader
        title="Question bank"
        subtitle="Questions to build assessments from, filed by category."
        actions={
          <>
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlined />}
              onClick={runExport}
              loading={exporting}
            >
              {exportLabel}
            </Button>
            <Button
              variant="outlined"
              startIcon={<FileUploadOutlined />}
              onClick={() => setImporting(true)}
            >
              Import
            </Button>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setEditing('new')}
            >
              New question
            </Button>
          </>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <CategoryPanel
            categories={categories.data ?? []}
            loading={categories.isPending}
            selected={category}
            onSelect={(id) => {
              setCategory(id);
              setPage(1);
            }}
          />
        </Paper>
        <Box sx={{ minWidth: 0 }}>
          <QuestionFilters value={filters} onChange={changeFilters} />
          <QuestionTable
            data={questions.data}
            loading={questions.isFetching}
            selected={selected}
            onSelect={setSelected}
            page={page}
            pageSize={pageSize}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
            actions={{
              onEdit: (q) => setEditing(q.id),
              onVersions: setVersions,
              onRemove: setRemoving,
              onRestore: (q) =>
                restore.mutate(
                  { id: q.id, body: { status: 'active' } },
                  {
                    onSuccess: () => notifySuccess('Question restored.'),
                    onError: (error) =>
                      notifyError(errorMessage(error, 'Could not restore the question.')),
                  },
                ),
            }}
          />
        </Box>
      </Box>
      {editing !== null && (
        <QuestionEditorDialog
          questionId={editing === 'new' ? null : editing}
          categories={categories.data ?? []}
          defaultCategory={category}
          onClose={() => setEditing(null)}
        />
      )}
      {versions && <VersionHistoryDialog question={versions} onClose={() => setVersions(null)} />}
      {importing && (
        <ImportDialog
          categories={categories.data ?? []}
          defaultCategory={category}
          onClose={() => setImporting(false)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={removing?.used ? 'Archive this question?' : 'Delete this question?'}
        confirmLabel={removing?.used ? 'Archive' : 'Delete'}
        destructive
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              selected.delete(removing.id);
              setSelected(new Set(selected));
              setRemoving(null);
            },
            onError: () => setRemoving(null),
          })
        }
      >
        “{removing?.title}”: a question never answered is deleted; one that has been answered is
        archived instead, so results keep it, and can be restored from the archived questions.
      </ConfirmDialog>
    </PageContainer>
  );
}
