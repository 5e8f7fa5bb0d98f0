import { useId, type ReactNode } from 'react';

export interface NoticeProps {
  /** Red for a failure, green for a success, the brand's blue for information. */
  tone: 'error' | 'success' | 'info';
  title?: ReactNode;
  children: ReactNode;
  /** `alert` interrupts (a failure), `status` waits its turn (a confirmation). */
  role?: 'alert' | 'status';
}

/**
 * A message box above a form, of native elements: Mantine's Alert (with the close button it
 * always loads) cost the sign-in page 1.7 KB it cannot spare (issue 13's budget). Drawn like
 * Mantine's light alert through the theme's variables (app.css, `.notice`).
 */
export function Notice({ tone, title, children, role = 'alert' }: NoticeProps) {
  const titleId = useId();
  return (
    <div
      className="notice"
      data-tone={tone}
      role={role}
      aria-labelledby={title ? titleId : undefined}
    >
      {title ? (
        <div id={titleId} className="notice__title">
          {title}
        </div>
      ) : null}
      <div className="notice__body">{children}</div>
    </div>
  );
}
