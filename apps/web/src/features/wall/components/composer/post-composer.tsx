import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useCreatePost } from '../../api/wall.api.ts';
import { PostForm } from './post-form.tsx';

/** The wall's "new post" box, at the top of the feed. */
export function PostComposer() {
  const create = useCreatePost();
  return (
    <Card variant="outlined">
      <CardContent>
        <PostForm
          label="Write a post"
          submitLabel="Post"
          onSubmit={(body) => create.mutateAsync(body)}
        />
      </CardContent>
    </Card>
  );
}
