import type { TFaq } from '@atrium/contract';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { positionUpdates } from '../../../shared/ui/reorder.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { SortableList } from '../../../shared/ui/sortable-list.tsx';
import { COURSE_MESSAGES, useCourseDetail } from '../../catalogue/index.ts';
import { useDeleteFaq, useFaqs, useMoveFaqs, useSaveFaq } from '../api/faqs.api.ts';
import { FaqDialog } from '../components/faqs/faq-dialog.tsx';

/** /courses/course-faq/:id: a course's FAQs, managed by its admins and its author. */
export default function CourseFaqPage() {
  const courseId = Number(useParams().id);
  const detail = useCourseDetail(courseId);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const faqs = useFaqs(courseId, page + 1, pageSize);
  const save = useSaveFaq(courseId);
  const move = useMoveFaqs(courseId);
  const remove = useDeleteFaq(courseId);
  const [editing, setEditing] = useState<TFaq | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TFaq | null>(null);
  const [items, setItems] = useState<TFaq[]>([]);
  const results = faqs.data?.results;
  useEffect(() => setItems(results ?? []), [results]);
  // Deleting the last FAQ of a later page leaves it empty: step back to the page before.
  const emptyPage = page > 0 && results?.length === 0;
  useEffect(() => {
    if (emptyPage) setPage((current) => current - 1);
  }, [emptyPage]);

  if (detail.isPending) return <PageLoader />;
  const course = detail.data?.course;
  if (!course)
    return (
      <PageContainer maxWidth={720}>
        <Alert severity="error">{errorMessage(detail.error, COURSE_MESSAGES.detailFailed)}</Alert>
      </PageContainer>
    );

  const manages = course.abilities.manage;
  const onReorder = (next: TFaq[]) => {
    setItems(next);
    move.mutate(positionUpdates(next, page * pageSize), {
      onError: () => setItems(results ?? []),
    });
  };
  return (
    <PageContainer maxWidth={960}>
      <Button
        component={RouterLink}
        to={manages ? `/courses/edit-course/${course.id}` : `/courses/course-detail/${course.id}`}
        startIcon={<ArrowBack />}
        sx={{ mb: 1 }}
      >
        {course.title}
      </Button>
      <PageHeader
        title="Frequently asked questions"
        subtitle={`Shown to learners on ${course.title}.`}
        actions={
          manages && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
              Add FAQ
            </Button>
          )
        }
      />
      {!manages && (
        <Alert severity="info" sx={{ mb: 3 }}>
          Only the course's author and admins change its FAQs.
        </Alert>
      )}
      <SectionCard
        title="FAQs"
        subtitle={
          manages && items.length > 1 ? 'Drag the handle or use the arrows to reorder.' : undefined
        }
        busy={faqs.isPending || move.isPending}
      >
        {faqs.isError ? (
          <Alert severity="error">{errorMessage(faqs.error, COURSE_MESSAGES.faqsFailed)}</Alert>
        ) : items.length === 0 && !faqs.isPending ? (
          <EmptyState icon={<QuizOutlined sx={{ fontSize: 40 }} aria-hidden />}>
            No FAQs yet.{manages ? ' Add the questions learners ask most.' : ''}
          </EmptyState>
        ) : (
          <SortableList
            label="FAQs in order"
            items={items}
            disabled={!manages}
            nameOf={(faq) => faq.question}
            onReorder={onReorder}
            renderItem={(faq) => (
              <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', minWidth: 0 }}>
                <Stack sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {faq.question}
                  </Typography>
                  <Typography
                    variant="body2"
                    sx={{
                      color: 'text.secondary',
                      whiteSpace: 'pre-line',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {faq.answer}
                  </Typography>
                </Stack>
                {manages && (
                  <>
                    <IconButton
                      size="small"
                      aria-label={`Edit ${faq.question}`}
                      onClick={() => setEditing(faq)}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={`Delete ${faq.question}`}
                      onClick={() => setDeleting(faq)}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </>
                )}
              </Stack>
            )}
          />
        )}
        <TablePagination
          component="div"
          count={faqs.data?.count ?? 0}
          page={page}
          onPageChange={(_e, next) => setPage(next)}
          rowsPerPage={pageSize}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          rowsPerPageOptions={[10, 25, 50, 100]}
        />
      </SectionCard>
      <FaqDialog
        open={editing !== null}
        faq={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        save={(values) =>
          save.mutateAsync(
            editing === 'new' || editing === null ? values : { id: editing.id, ...values },
          )
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this FAQ?"
        confirmLabel="Delete FAQ"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })
        }
      >
        “{deleting?.question}” will be removed from the course.
      </ConfirmDialog>
    </PageContainer>
  );
}
