import { CATEGORY_IMAGE_MAX_BYTES, CATEGORY_IMAGE_TYPES } from '@atrium/contract';
import Box from '@mui/material/Box';
import { ImageFileField } from '../../../../shared/ui/image-file-field.tsx';
import { CourseImage } from './course-image.tsx';

export const CATEGORY_IMAGE_RULE = {
  allowed: CATEGORY_IMAGE_TYPES,
  maxBytes: CATEGORY_IMAGE_MAX_BYTES,
};

/**
 * The category picture: a preview of the chosen file (or the current image), with choose,
 * change and remove. Nothing is sent until the form is saved.
 */
export function CategoryImageField({
  file,
  onFile,
  current,
  removed,
  onRemove,
  name,
  error,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  /** The saved image, when editing. */
  current?: string | null;
  removed?: boolean;
  onRemove?: (removed: boolean) => void;
  name: string;
  error?: string;
}) {
  return (
    <ImageFileField
      rule={CATEGORY_IMAGE_RULE}
      current={current ?? null}
      value={{ file, remove: Boolean(removed) }}
      onChange={(next) => {
        if (next.file !== file) onFile(next.file);
        if (next.remove !== Boolean(removed)) onRemove?.(next.remove);
      }}
      error={error}
      inputLabel="Category image file"
      testId="category-image-input"
      renderPreview={(shown) => (
        <Box sx={{ width: { xs: '100%', sm: 180 }, flexShrink: 0 }}>
          <CourseImage src={shown} title={name || 'Category'} height={110} radius={8} />
        </Box>
      )}
    />
  );
}
