import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentSide, DocumentType } from './document-types';
import { isImageType, refusalOf, type FileRefusal } from './file-checks';
import type { PreparedFile } from './prepare-file';
import { failureOf, uploadOne, type UploadFailure } from './upload-pipeline';

export type UploadStatus = 'preparing' | 'uploading' | 'done' | 'failed';

/** A chosen file on its way to storage, as the dialog lists it. */
export interface UploadItem {
  id: string;
  /** The customer's name for the file. */
  name: string;
  /** The side of the card it shows, for types photographed front and back. */
  side: DocumentSide | null;
  status: UploadStatus;
  /** The share sent, from 0 to 1. */
  progress: number;
  failure: UploadFailure | null;
  /** Where storage keeps it, once uploaded: what the document names its pages by. */
  objectKey: string | null;
}

/** A file that was not taken, and why; `count` means more files than the type takes. */
export interface Refusal {
  name: string;
  refusal: FileRefusal | 'count';
}

interface Running {
  file: File;
  prepared: PreparedFile | null;
  controller: AbortController;
}

/** The types a slot takes: a side of a card is a photo, whatever else the type takes. */
export function slotTypes(type: DocumentType, side: DocumentSide | null) {
  return side === null ? type.file_types : type.file_types.filter(isImageType);
}

/** The pages in order (front before back) once every file is uploaded; null until then. */
export function pagesOf(type: DocumentType, items: readonly UploadItem[]): string[] | null {
  if (items.length === 0 || items.some((item) => item.objectKey === null)) return null;
  if (type.sides !== null) {
    const ordered = type.sides.map((side) => items.find((item) => item.side === side));
    if (ordered.some((item) => item === undefined) || items.length !== type.sides.length) {
      return null;
    }
    return ordered.map((item) => item?.objectKey ?? '');
  }
  if (items.length < Math.max(1, type.min_pages) || items.length > type.max_pages) return null;
  return items.map((item) => item.objectKey ?? '');
}

/**
 * The files of one upload dialog: each is checked as it is chosen, then prepared and uploaded
 * at once with its own status and progress, and can be retried or removed. Closing the dialog
 * (unmounting) stops every upload still running.
 */
export function useUploadItems(categoryId: string, type: DocumentType) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const running = useRef(new Map<string, Running>());
  const nextId = useRef(1);

  const update = useCallback((id: string, patch: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const start = useCallback(
    (id: string) => {
      const entry = running.current.get(id);
      if (entry === undefined) return;
      const controller = new AbortController();
      entry.controller = controller;
      update(id, { status: 'preparing', progress: 0, failure: null, objectKey: null });
      uploadOne({
        categoryId,
        type,
        file: entry.file,
        prepared: entry.prepared,
        signal: controller.signal,
        onPrepared: (prepared) => {
          entry.prepared = prepared;
          update(id, { status: 'uploading' });
        },
        onProgress: (progress) => update(id, { progress }),
      }).then(
        ({ objectKey }) => {
          if (!controller.signal.aborted) update(id, { status: 'done', progress: 1, objectKey });
        },
        (error: unknown) => {
          // Removed or closed: nobody is waiting for it.
          if (!controller.signal.aborted)
            update(id, { status: 'failed', failure: failureOf(error) });
        },
      );
    },
    [categoryId, type, update],
  );

  const remove = useCallback((id: string) => {
    running.current.get(id)?.controller.abort();
    running.current.delete(id);
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  /** Takes the files chosen for a side (the first one) or for the document (up to its limit). */
  const add = (files: readonly File[], side: DocumentSide | null) => {
    const refused: Refusal[] = [];
    const accepted: File[] = [];
    const room = side === null ? type.max_pages - items.length : 1;
    for (const file of files) {
      const refusal = refusalOf(file, slotTypes(type, side));
      if (refusal !== null) refused.push({ name: file.name, refusal });
      else if (accepted.length >= room) refused.push({ name: file.name, refusal: 'count' });
      else accepted.push(file);
    }
    setRefusals(refused);
    if (side !== null && accepted.length > 0) {
      for (const item of items) if (item.side === side) remove(item.id);
    }
    const added = accepted.map((file): UploadItem => {
      const id = `file-${nextId.current++}`;
      running.current.set(id, { file, prepared: null, controller: new AbortController() });
      return {
        id,
        name: file.name,
        side,
        status: 'preparing',
        progress: 0,
        failure: null,
        objectKey: null,
      };
    });
    setItems((list) => [...list, ...added]);
    for (const item of added) start(item.id);
  };

  useEffect(() => {
    const current = running.current;
    return () => {
      for (const entry of current.values()) entry.controller.abort();
    };
  }, []);

  return { items, refusals, add, remove, retry: start, pages: pagesOf(type, items) };
}
