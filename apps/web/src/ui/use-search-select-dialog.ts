import { flushSync } from 'react-dom';
import {
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { afterNextPaint } from '@/lib/after-next-paint';
import type { SearchSelectDialogProps } from './search-select-dialog';

/*
 * A SearchSelect's list (search-select-dialog.tsx) is a chunk of its own, fetched once the screen
 * with the field has painted (issue 13): how the field gets it, and opens it.
 */

type Dialog = ComponentType<SearchSelectDialogProps>;

let importDialog: () => Promise<{ SearchSelectDialog: Dialog }> = () =>
  import('./search-select-dialog');
/** The list's code once it came, and its download while it comes. */
let loadedDialog: Dialog | undefined;
let dialogCode: Promise<Dialog> | undefined;

/** The list's code, asked for once; a failed download is asked for again next time. */
function loadDialog(): Promise<Dialog> {
  dialogCode ??= importDialog().then(
    (module) => (loadedDialog = module.SearchSelectDialog),
    (error: unknown) => {
      dialogCode = undefined;
      throw error;
    },
  );
  return dialogCode;
}

/** Replaces how the list's code is fetched, and forgets what was fetched (tests). */
export function configureSearchSelectDialog(
  load: () => Promise<{ SearchSelectDialog: Dialog }> = () => import('./search-select-dialog'),
): void {
  importDialog = load;
  loadedDialog = undefined;
  dialogCode = undefined;
}

interface DialogState {
  /** The list's component once its code is in: mounted (closed until opened) from then on. */
  Dialog: Dialog | undefined;
  opened: boolean;
  /** Opened, and its code could not be fetched (offline). */
  failed: boolean;
  open: () => void;
  close: () => void;
}

/**
 * The field's dialog. Its code is asked for once the screen with the field has painted, when
 * the browser is idle (its first paint carries none of it, issue 13), and the dialog mounted,
 * closed, once it is in. Opened before that, it is mounted first and opened just after, as when
 * it was there all along: opening is what moves focus into it.
 */
export function useSearchSelectDialog(): DialogState {
  const [Dialog, setDialog] = useState<Dialog | undefined>(() => loadedDialog);
  const [opened, setOpened] = useState(false);
  const [failed, setFailed] = useState(false);
  const alive = useRef(true);
  // Opened before the code came: open once it does (unless closed meanwhile).
  const waiting = useRef(false);
  const fetchCode = useCallback(() => {
    loadDialog().then(
      (loaded) => {
        if (!alive.current) return;
        if (!waiting.current) {
          // Mounted closed in the background: a transition, so its render yields to the
          // browser rather than holding the main thread (issue 31).
          startTransition(() => setDialog(() => loaded));
          return;
        }
        waiting.current = false;
        flushSync(() => setDialog(() => loaded));
        setOpened(true);
      },
      () => {
        if (!alive.current || !waiting.current) return;
        waiting.current = false;
        setFailed(true);
      },
    );
  }, []);
  const hasDialog = Dialog !== undefined;
  useEffect(() => {
    alive.current = true;
    const cancel = hasDialog ? undefined : afterNextPaint(fetchCode);
    return () => {
      alive.current = false;
      cancel?.();
    };
  }, [fetchCode, hasDialog]);
  return {
    Dialog,
    opened,
    failed,
    open: () => {
      setFailed(false);
      if (Dialog !== undefined) {
        setOpened(true);
        return;
      }
      waiting.current = true;
      fetchCode();
    },
    close: () => {
      waiting.current = false;
      setFailed(false);
      setOpened(false);
    },
  };
}
