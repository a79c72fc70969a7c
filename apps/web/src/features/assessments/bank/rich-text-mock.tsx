import type { RichTextImages } from '../../../shared/ui/rich-text/rich-text-images.ts';

/*
 * Tests only: a textarea in place of the rich-text editor, which jsdom cannot type into. A field
 * that takes images says which types, for tests to check which fields offer them.
 */
export function RichTextField({
  label,
  value,
  onChange,
  error,
  images,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  images?: RichTextImages;
}) {
  return (
    <div>
      <textarea
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-image-types={images?.accept.join(',')}
      />
      {error && <span>{error}</span>}
    </div>
  );
}
