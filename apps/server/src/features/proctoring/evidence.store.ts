import {
  EVIDENCE_CLIP_MAX_BYTES,
  EVIDENCE_CLIP_TYPES,
  EVIDENCE_IMAGE_MAX_BYTES,
  EVIDENCE_IMAGE_TYPES,
} from '@atrium/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/errors/app-error.ts';
import { assertStorablePart } from '../../core/http/input-guard.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';

/**
 * Evidence uploads (stills, clips, identity photos, thumbnails): multipart forms whose text
 * fields come first. `authorise` runs on those fields before the first file byte is stored, so a
 * caller who may not upload never fills the disk; each file is checked by the file store as it
 * streams (extension allow-list, content sniffed, size capped) and kept under a generated name.
 * Whatever fails after a file was stored removes it again (`discard`).
 */

export type EvidenceKind = 'image' | 'clip';

const RULES: Record<EvidenceKind, { types: readonly string[]; maxBytes: number }> = {
  image: { types: EVIDENCE_IMAGE_TYPES, maxBytes: EVIDENCE_IMAGE_MAX_BYTES },
  clip: { types: EVIDENCE_CLIP_TYPES, maxBytes: EVIDENCE_CLIP_MAX_BYTES },
};
const INVALID = 'Invalid input. Please correct the fields listed.';

export interface EvidenceForm {
  fields: Record<string, string>;
  files: { field: string; stored: StoredFile }[];
}

export async function readEvidenceForm(
  ctx: AppContext,
  req: FastifyRequest,
  options: {
    /** The file fields accepted, with what each may hold. */
    files: Record<string, EvidenceKind>;
    prefix: string;
    /** Checks the text fields (throws to refuse) before any file is stored. */
    authorise: (fields: Record<string, string>) => Promise<void>;
  },
): Promise<EvidenceForm> {
  if (!req.isMultipart())
    throw badRequest('Send the evidence as multipart form data.', { file: ['No file was sent.'] });
  const form: EvidenceForm = { fields: {}, files: [] };
  let authorised = false;
  try {
    for await (const part of req.parts()) {
      assertStorablePart(part);
      if (part.type === 'field') {
        if (authorised)
          throw badRequest(INVALID, { [part.fieldname]: ['Send the fields before the files.'] });
        form.fields[part.fieldname] = String(part.value);
        continue;
      }
      const kind = options.files[part.fieldname];
      if (!kind || form.files.some((f) => f.field === part.fieldname)) {
        part.file.resume();
        throw badRequest(INVALID, { [part.fieldname]: ['No file is expected here.'] });
      }
      if (!authorised) {
        try {
          await options.authorise(form.fields);
        } catch (err) {
          part.file.resume();
          throw err;
        }
        authorised = true;
      }
      const stored = await ctx.files.put(part.file, {
        originalName: part.filename,
        allowedExtensions: RULES[kind].types,
        maxBytes: RULES[kind].maxBytes,
        prefix: options.prefix,
      });
      form.files.push({ field: part.fieldname, stored });
    }
    if (!authorised) await options.authorise(form.fields);
    return form;
  } catch (err) {
    await discard(ctx, form);
    throw err;
  }
}

/** Removes the files of a form whose use case failed. */
export async function discard(ctx: AppContext, form: Pick<EvidenceForm, 'files'>) {
  for (const f of form.files) await ctx.files.delete(f.stored.key).catch(() => undefined);
}
