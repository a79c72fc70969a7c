/* Tests only: a textarea in place of the rich-text editor, which jsdom cannot type into. */
export function RichTextField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
}) {
  return (
    <div>
      <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />
      {error && <span>{error}</span>}
    </div>
  );
}
