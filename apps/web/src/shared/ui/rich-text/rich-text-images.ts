/**
 * What a rich-text field needs to offer images: where they go and what is accepted. Given to
 * RichTextField/RichTextEditor only by forms whose server keeps images (question text); without
 * it the editor has no image button and drops any pasted `<img>`.
 */
export interface RichTextImages {
  /** Uploads one image and answers the address to put in `<img src>`. */
  upload: (
    file: File,
    onProgress: (percent: number | null) => void,
    signal: AbortSignal,
  ) => Promise<{ url: string }>;
  /** Extensions without the dot, as the server's allow-list. */
  accept: readonly string[];
  maxBytes: number;
  /**
   * Whether an `<img src>` met in pasted or loaded HTML may stay. The server drops any other
   * image on save, so the editor drops it at once rather than show what will vanish.
   */
  allowSrc: (src: string) => boolean;
}

/** An image inserted by the dialog; `alt` is '' for a decorative one. */
export interface InsertedImage {
  src: string;
  alt: string;
}

const EXTENSION_OF_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * A pasted screenshot may come without an extension in its name ("image", or none at all),
 * while the server goes by the extension: such a file is named after its MIME type. A name
 * that has an extension is left alone, so a wrong one is still refused by name.
 */
export function withImageExtension(file: File): File {
  const ext = EXTENSION_OF_TYPE[file.type];
  if (!ext || /\.[^./\\]+$/.test(file.name)) return file;
  const base = file.name.trim() === '' ? 'pasted-image' : file.name.trim();
  return new File([file], `${base}.${ext}`, { type: file.type, lastModified: file.lastModified });
}

/** The first file of a paste or a drop, if it carries any. */
export function firstFile(data: DataTransfer | null): File | null {
  const file = data?.files?.[0];
  return file ? withImageExtension(file) : null;
}
