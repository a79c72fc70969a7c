import { COURSE_IMAGE_MAX_BYTES, COURSE_IMAGE_TYPES } from '@atrium/contract';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import { type ImageChoice, ImageFileField } from '../../../../shared/ui/image-file-field.tsx';

const RULE = { allowed: COURSE_IMAGE_TYPES, maxBytes: COURSE_IMAGE_MAX_BYTES };

export type CourseImageValue = ImageChoice;

/** The course image with a 16:9 preview (the shared image field does the choosing). */
export function CourseImageField({
  current,
  value,
  onChange,
  error,
  disabled,
}: {
  current: string | null;
  value: CourseImageValue;
  onChange: (value: CourseImageValue) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <ImageFileField
      rule={RULE}
      current={current}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
      inputLabel="Course image file"
      renderPreview={(shown) => (
        <Box
          sx={{
            width: { xs: '100%', sm: 200 },
            aspectRatio: '16 / 9',
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
            overflow: 'hidden',
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
          }}
        >
          {shown ? (
            <Box
              component="img"
              src={shown}
              alt="Course image preview"
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <ImageOutlined sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />
          )}
        </Box>
      )}
    />
  );
}
