import { FILE_KINDS, REPOSITORY_ALLOWED_TYPES, type TFileKind } from '@atrium/contract';
import type { FileRule } from '../../../shared/files/file-rules.ts';

/**
 * The server's upload limit (UPLOAD_MAX_BYTES) is deployment configuration it does not publish;
 * this is its default. A server set lower still refuses with its own message, which is shown.
 */
export const REPOSITORY_MAX_BYTES = 512 * 1024 * 1024;

export const KIND_LABEL: Record<TFileKind, string> = {
  pdf: 'PDF',
  video: 'Video',
  image: 'Image',
  document: 'Document',
  audio: 'Audio',
  scorm: 'SCORM',
  xr: 'AR/VR scene',
};

export const FILE_KIND_LIST = Object.keys(FILE_KINDS) as TFileKind[];

export function isFileKind(value: string | undefined): value is TFileKind {
  return value !== undefined && (FILE_KIND_LIST as string[]).includes(value);
}

/** What may be uploaded for one kind, or for any kind. */
export function repositoryRule(kind?: TFileKind): FileRule {
  return {
    allowed: kind ? FILE_KINDS[kind] : REPOSITORY_ALLOWED_TYPES,
    maxBytes: REPOSITORY_MAX_BYTES,
  };
}

/** 'pdf · video (mp4, webm, mov) · …' for the allowed-types line. */
export function describeKinds(): string {
  // Kinds made elsewhere (AR/VR scenes in the studio) have no upload types to list.
  return FILE_KIND_LIST.filter((kind) => FILE_KINDS[kind].length > 0)
    .map((kind) => `${KIND_LABEL[kind]}: ${FILE_KINDS[kind].join(', ')}`)
    .join(' · ');
}
