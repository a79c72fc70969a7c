import { type TWallImage, WALL_MAX_IMAGES } from '@atrium/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { uploadImage } from '../../../../shared/api/images.ts';
import { fileProblem } from '../../../../shared/files/file-rules.ts';
import { WALL_IMAGE_RULE } from '../../labels.ts';

/** One image of the composer: uploading (with its percent), uploaded (a uuid), or refused. */
export interface ImageUpload {
  key: string;
  name: string;
  status: 'uploading' | 'done' | 'failed';
  /** null while the size is unknown. */
  percent: number | null;
  /** A local copy to show while it uploads (none where the browser cannot make one). */
  preview: string | null;
  image: TWallImage | null;
  error: string | null;
}

let nextKey = 0;
const objectUrl = (file: File) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
const revoke = (url: string | null) => {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

/**
 * Uploads each chosen image at once, on its own, to the image store (shared/api/images.ts), so
 * the post itself only sends uuids. Removing one that is still uploading aborts it. `problem`
 * is what was refused before any upload (type, size, too many).
 */
export function useImageUploads(initial: readonly TWallImage[] = []) {
  const [items, setItems] = useState<ImageUpload[]>(() =>
    initial.map((image) => ({
      key: `existing-${image.uuid}`,
      name: 'Image',
      status: 'done',
      percent: 100,
      preview: null,
      image,
      error: null,
    })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const controllers = useRef(new Map<string, AbortController>());
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const update = useCallback(
    (key: string, patch: Partial<ImageUpload>) =>
      setItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item))),
    [],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const problems: string[] = [];
      const room = WALL_MAX_IMAGES - itemsRef.current.length;
      const accepted: File[] = [];
      for (const file of files) {
        const refused = fileProblem(file, WALL_IMAGE_RULE);
        if (refused) problems.push(refused);
        else if (accepted.length >= room) {
          problems.push(`At most ${WALL_MAX_IMAGES} images: ${file.name} was left out.`);
        } else accepted.push(file);
      }
      setProblem(problems.length > 0 ? problems.join(' ') : null);
      const started: ImageUpload[] = accepted.map((file) => ({
        key: `new-${nextKey++}`,
        name: file.name,
        status: 'uploading',
        percent: 0,
        preview: objectUrl(file),
        image: null,
        error: null,
      }));
      setItems((list) => [...list, ...started]);
      started.forEach((item, i) => {
        const controller = new AbortController();
        controllers.current.set(item.key, controller);
        uploadImage(accepted[i]!, (percent) => update(item.key, { percent }), controller.signal)
          .then((image) =>
            update(item.key, {
              status: 'done',
              percent: 100,
              image: { uuid: image.uuid, url: image.url, width: image.width, height: image.height },
            }),
          )
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            update(item.key, { status: 'failed', error: errorMessage(error) });
          })
          .finally(() => controllers.current.delete(item.key));
      });
    },
    [update],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    revoke(itemsRef.current.find((item) => item.key === key)?.preview ?? null);
    setItems((list) => list.filter((item) => item.key !== key));
    setProblem(null);
  }, []);

  const reset = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    for (const item of itemsRef.current) revoke(item.preview);
    setItems([]);
    setProblem(null);
  }, []);

  // Leaving the composer stops what is still uploading and frees the local copies.
  useEffect(
    () => () => {
      for (const controller of controllers.current.values()) controller.abort();
      for (const item of itemsRef.current) revoke(item.preview);
    },
    [],
  );

  return {
    items,
    problem,
    add,
    remove,
    reset,
    uploading: items.some((item) => item.status === 'uploading'),
    failed: items.some((item) => item.status === 'failed'),
    uuids: items.flatMap((item) => (item.image ? [item.image.uuid] : [])),
  };
}
