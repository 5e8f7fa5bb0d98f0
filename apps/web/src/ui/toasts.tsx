import { CloseButton } from '@mantine/core';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useT } from '@/i18n';
import { uiMessages } from './messages';
import type { Tone } from './status-badge';
import { AlertIcon, CheckIcon, InfoIcon } from './icons';
import './tones.css';
import './toasts.css';

export interface ToastInput {
  message: string;
  title?: string;
  tone?: Exclude<Tone, 'neutral'>;
  /**
   * What the toast is about (a document type, say): a newer toast about the same thing takes
   * its place, so a notice answered since (rejected, then verified) goes away.
   */
  about?: string;
}

interface Toast extends Required<Pick<ToastInput, 'message' | 'tone'>> {
  id: number;
  title: string | undefined;
  about: string;
}

/** How long a success or information toast stays; warnings and errors stay until closed. */
export const TOAST_DURATION_MS = 6000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/**
 * Says something happened that is not tied to a field (saved, signed out, copied). Returns its
 * id, for `dismissToast`. Errors next to what caused them stay there, not here (docs/product/web-app.md#principles).
 */
export function showToast({ message, title, tone = 'success', about }: ToastInput): number {
  const id = nextId++;
  // Without a subject, a toast is about its own words: the same words said again (an event
  // delivered twice, a form saved twice) replace the first rather than stack (issue 28).
  const subject = about ?? `${tone}\n${title ?? ''}\n${message}`;
  const others = toasts.filter((toast) => toast.about !== subject);
  // The newest last: a screen reader hears them in order.
  publish([...others.slice(-3), { id, message, title, tone, about: subject }]);
  return id;
}

export function dismissToast(id: number): void {
  publish(toasts.filter((toast) => toast.id !== id));
}

/** Closes every toast (sign-out, tests). */
export function clearToasts(): void {
  publish([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const icons = {
  success: <CheckIcon size={18} />,
  info: <InfoIcon size={18} />,
  warning: <AlertIcon size={18} />,
  danger: <AlertIcon size={18} />,
};

export interface ToastViewProps {
  message: string;
  title?: string | undefined;
  tone: Exclude<Tone, 'neutral'>;
  onDismiss: () => void;
}

/** How a toast looks (the gallery shows it alone); `Toaster` gives it its timer. */
export function ToastView({ message, title, tone, onDismiss }: ToastViewProps) {
  const t = useT(uiMessages);
  return (
    <>
      <span className="toast__icon" aria-hidden="true">
        {icons[tone]}
      </span>
      <div className="toast__text">
        {title !== undefined && <p className="toast__title">{title}</p>}
        <p className="toast__message">{message}</p>
      </div>
      <CloseButton size="sm" aria-label={t('toast.dismiss')} onClick={onDismiss} />
    </>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lasts = toast.tone === 'warning' || toast.tone === 'danger';
  const start = () => {
    clearTimeout(timer.current);
    if (!lasts) timer.current = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
  };
  const pause = () => clearTimeout(timer.current);
  useEffect(() => {
    start();
    return pause;
    // Started once per toast; hover and focus pause and restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <li
      className="toast"
      data-tone={toast.tone}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
    >
      <ToastView
        message={toast.message}
        title={toast.title}
        tone={toast.tone}
        onDismiss={() => dismissToast(toast.id)}
      />
    </li>
  );
}

/**
 * Where toasts appear: one polite live region, always in the page so screen readers hear what
 * is added to it; above the tab bar on phones, at the bottom right on wide screens.
 */
export function Toaster() {
  const t = useT(uiMessages);
  const current = useSyncExternalStore(subscribe, () => toasts);
  return (
    <section className="toaster" aria-label={t('toast.region')}>
      <ol className="toaster__list" aria-live="polite" aria-relevant="additions text">
        {current.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
