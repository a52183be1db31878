import { useId, useRef, type ReactNode } from 'react';
import { useFocusTrap } from '../ui';

/**
 * A modal inside the kiosk's own frame (not the viewport), so that in accessibility mode it stays in the lower
 * part of the screen with everything else. Escape does what the dialog's safe choice does.
 */
export function KioskDialog({
  title,
  children,
  actions,
  onEscape,
  alert,
  testId,
}: {
  title: string;
  children?: ReactNode;
  actions: ReactNode;
  onEscape: () => void;
  alert?: boolean;
  testId?: string;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useFocusTrap(panel, true, onEscape);
  return (
    <div className="kiosk-dialog" data-testid={testId}>
      <div className="kiosk-dialog__overlay" aria-hidden="true" />
      <div
        ref={panel}
        className="kiosk-dialog__panel"
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
      >
        <h2 id={titleId} className="kiosk-dialog__title">
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className="kiosk-dialog__body">
            {children}
          </div>
        ) : null}
        <div className="kiosk-dialog__actions">{actions}</div>
      </div>
    </div>
  );
}
