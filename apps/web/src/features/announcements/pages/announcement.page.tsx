import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useAnnouncement, useRemoveAnnouncement } from '../api/announcements.api.ts';
import { AcknowledgeBox } from '../components/detail/acknowledge-box.tsx';
import { AnnouncementBody } from '../components/detail/announcement-body.tsx';
import { AnnouncementFacts } from '../components/detail/announcement-facts.tsx';
import { ReportSection } from '../components/detail/report-section.tsx';
import { AnnouncementFormDialog } from '../components/form/announcement-form-dialog.tsx';
import { ReaderChips } from '../components/list/announcement-card.tsx';
import { ANNOUNCEMENT_MESSAGES, ANNOUNCEMENT_STATE, ANNOUNCEMENTS_URL } from '../labels.ts';

const BACK = `${ANNOUNCEMENTS_URL}?tab=manage`;

function BackLink() {
  return (
    <Link component={RouterLink} to={ANNOUNCEMENTS_URL}>
      Back to announcements
    </Link>
  );
}

/**
 * '/announcements/:id/': one announcement (reading it marks it read), the reader's
 * acknowledgement, and for its managers the buttons to change or delete it and the report.
 */
export default function AnnouncementPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const detail = useAnnouncement(id);
  const remove = useRemoveAnnouncement();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const notFound =
    !Number.isInteger(id) ||
    id <= 0 ||
    (detail.error instanceof ApiError && detail.error.status === 404);
  if (notFound) {
    return (
      <PageContainer maxWidth={1000}>
        <PageHeader title="Announcement not found" />
        <Card variant="outlined">
          <EmptyState icon={<SearchOffOutlined fontSize="large" />}>
            This announcement is not there: it may have been deleted, have expired, or not be meant
            for you. <BackLink />
          </EmptyState>
        </Card>
      </PageContainer>
    );
  }
  if (detail.isError) {
    return (
      <PageContainer maxWidth={1000}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">
            {errorMessage(detail.error, ANNOUNCEMENT_MESSAGES.detailFailed)}
          </Alert>
          <BackLink />
        </Stack>
      </PageContainer>
    );
  }
  const a = detail.data;
  if (!a) {
    return (
      <PageContainer maxWidth={1000}>
        <Stack spacing={2} role="status" aria-busy aria-label="Loading the announcement">
          <Skeleton variant="text" width="60%" height={48} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      </PageContainer>
    );
  }
  const state = ANNOUNCEMENT_STATE[a.state];
  return (
    <PageContainer maxWidth={1000}>
      <Stack spacing={1} sx={{ mb: 1 }}>
        <BackLink />
      </Stack>
      <PageHeader
        title={a.title}
        subtitle={
          <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            {a.abilities.report && <Chip size="small" color={state.color} label={state.label} />}
            <ReaderChips announcement={a} />
          </Stack>
        }
        actions={
          (a.abilities.edit || a.abilities.delete) && (
            <>
              {a.abilities.edit && (
                <Button
                  variant="outlined"
                  startIcon={<EditOutlined />}
                  onClick={() => setEditing(true)}
                >
                  Edit
                </Button>
              )}
              {a.abilities.delete && (
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteOutlined />}
                  onClick={() => setDeleting(true)}
                >
                  Delete
                </Button>
              )}
            </>
          )
        }
      />
      <Stack spacing={3}>
        <AcknowledgeBox announcement={a} />
        <Card component="article" aria-label={a.title}>
          <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
            <AnnouncementFacts announcement={a} />
            <Divider sx={{ my: 2.5 }} />
            <AnnouncementBody html={a.body} />
          </CardContent>
        </Card>
        {a.abilities.report && <ReportSection announcement={a} />}
      </Stack>
      {editing && (
        <AnnouncementFormDialog
          announcement={a}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
      <ConfirmDialog
        open={deleting}
        title="Delete this announcement?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(a.id, {
            onSuccess: () => {
              setDeleting(false);
              navigate(BACK, { replace: true });
            },
          })
        }
      >
        “{a.title}” leaves every reader’s list, with its report. This cannot be undone.
      </ConfirmDialog>
    </PageContainer>
  );
}
