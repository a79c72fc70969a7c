import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { useCategory, useUpdateCategory } from '../api/catalogue.api.ts';
import { CategoryForm } from '../components/browse/category-form.tsx';
import { CategoryNotFound } from '../components/browse/category-not-found.tsx';

const BACK = '/courses/course-category-detail';

/** '/courses/edit-course-cate/:id': rename a category, reword it, change or drop its image. */
export default function EditCategoryPage() {
  const { user } = useSession();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const category = useCategory(id);
  const update = useUpdateCategory(id);
  if (!user) return null;
  if (!isAdmin(user.role.id)) {
    return (
      <AccessNotice title="Edit category">
        Categories are managed by the administrators of your organisation.
      </AccessNotice>
    );
  }
  if (!Number.isInteger(id) || id <= 0) return <CategoryNotFound />;
  if (category.isPending) return <PageLoader label="Loading category" />;
  if (category.isError) {
    if (category.error instanceof ApiError && category.error.status === 404) {
      return <CategoryNotFound />;
    }
    return (
      <PageContainer maxWidth={760}>
        <Alert severity="error">{errorMessage(category.error)}</Alert>
      </PageContainer>
    );
  }

  return (
    <PageContainer maxWidth={760}>
      <Button
        component={RouterLink}
        to={BACK}
        startIcon={<ArrowBackOutlined />}
        size="small"
        sx={{ mb: 1 }}
      >
        Categories
      </Button>
      <PageHeader
        title={`Edit ${category.data.name}`}
        subtitle={`${category.data.course_count} course${category.data.course_count === 1 ? '' : 's'} in this category.`}
      />
      <SectionCard title="Category details">
        <CategoryForm
          key={category.data.id}
          category={category.data}
          save={(submit) => update.mutateAsync(submit).then(() => navigate(BACK))}
          busy={update.isPending}
          submitLabel="Save changes"
          secondary={
            <Button component={RouterLink} to={BACK} color="inherit">
              Cancel
            </Button>
          }
        />
      </SectionCard>
    </PageContainer>
  );
}
