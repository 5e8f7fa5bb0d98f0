import type { ModalProps } from '@mantine/core';
import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { flushSync } from 'react-dom';
import { afterNextPaint } from '@/lib/after-next-paint';

/*
 * Mantine's Modal (about 21 KB compressed with what it brings) is fetched once the screen has
 * painted, when the browser is idle, rather than in the first load of every screen with a
 * dialog that no first paint shows (issue 31: it was on the payment and transaction screens'
 * path to their largest paint). Opened before its code came, the dialog opens once it does.
 */

type ModalComponent = ComponentType<ModalProps>;

let importModal: () => Promise<{ Modal: ModalComponent }> = () => import('./modal');
/** The Modal once its code came, and its download while it comes. */
let loadedModal: ModalComponent | undefined;
let modalCode: Promise<ModalComponent> | undefined;

/** The Modal's code, asked for once; a failed download is asked for again next time. */
function loadModal(): Promise<ModalComponent> {
  modalCode ??= importModal().then(
    (module) => (loadedModal = module.Modal),
    (error: unknown) => {
      modalCode = undefined;
      throw error;
    },
  );
  return modalCode;
}

/** Replaces how the Modal's code is fetched, and forgets what was fetched (tests). */
export function configureModalOnDemand(
  load: () => Promise<{ Modal: ModalComponent }> = () => import('./modal'),
): void {
  importModal = load;
  loadedModal = undefined;
  modalCode = undefined;
}

/**
 * Mantine's Modal, its code fetched after the screen's first paint (above). Nothing is drawn
 * until it is opened, as with the Modal itself. Opened before its code came, it is mounted
 * closed and then opened, as though it had been there all along: the Modal moves focus in when
 * `opened` turns true after its mount, and gives it back on closing only then. Opened while the
 * code cannot be fetched (offline since the page loaded), it is closed again (`onClose`), so the
 * next press asks again.
 */
export function ModalOnDemand(props: ModalProps) {
  const { opened, onClose } = props;
  const [Modal, setModal] = useState<ModalComponent | undefined>(() => loadedModal);
  // Its first commit when it came while asked for: closed, the next one opens it.
  const [heldClosed, setHeldClosed] = useState(false);
  const closeOnFailure = useRef(onClose);
  useLayoutEffect(() => {
    closeOnFailure.current = onClose;
  });
  const hasModal = Modal !== undefined;
  useEffect(() => {
    if (hasModal) return;
    let alive = true;
    const fetchCode = () =>
      loadModal().then(
        (loaded) => {
          if (!alive) return;
          if (!opened) {
            // In the background: a transition, so its render yields to the browser (issue 31).
            startTransition(() => setModal(() => loaded));
            return;
          }
          // Both commits at once, each with its effects, as a press's would be: the Modal notes
          // what had focus (to give it back) before its focus trap moves it in.
          flushSync(() => {
            setHeldClosed(true);
            setModal(() => loaded);
          });
          flushSync(() => setHeldClosed(false));
        },
        () => {
          if (alive && opened) closeOnFailure.current();
        },
      );
    if (opened) {
      void fetchCode();
      return () => {
        alive = false;
      };
    }
    const cancel = afterNextPaint(() => void fetchCode());
    return () => {
      alive = false;
      cancel();
    };
  }, [hasModal, opened]);
  if (Modal === undefined) return null;
  return <Modal {...props} opened={opened && !heldClosed} />;
}
