import type { TCategory } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CourseImage } from './course-image.tsx';

/** A category with its course count; admins also get edit and delete. */
export function CategoryCard({
  category,
  manage,
  onDelete,
}: {
  category: TCategory;
  manage: boolean;
  onDelete: (category: TCategory) => void;
}) {
  const courses = `${category.course_count} course${category.course_count === 1 ? '' : 's'}`;
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea
        component={RouterLink}
        to={`/courses/category_course_list/${category.id}`}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <CourseImage src={category.image} title={category.name} height={120} />
        <CardContent sx={{ flex: 1 }}>
          <Typography
            variant="h3"
            sx={{ fontSize: '1.05rem', fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {category.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'primary.main', fontWeight: 600, mt: 0.25 }}>
            {courses}
          </Typography>
          {category.description && (
            <Typography
              variant="body2"
              sx={{
                color: 'text.secondary',
                mt: 1,
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {category.description}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
      {manage && (
        <CardActions sx={{ justifyContent: 'flex-end', borderTop: 1, borderColor: 'divider' }}>
          <Button
            component={RouterLink}
            to={`/courses/edit-course-cate/${category.id}`}
            size="small"
            startIcon={<EditOutlined />}
            aria-label={`Edit ${category.name}`}
          >
            Edit
          </Button>
          <Tooltip title={`Delete ${category.name}`}>
            <IconButton
              size="small"
              color="error"
              aria-label={`Delete ${category.name}`}
              onClick={() => onDelete(category)}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </CardActions>
      )}
    </Card>
  );
}
