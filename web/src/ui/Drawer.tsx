import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { Button } from './Button';
import { CloseIcon } from './icons';
import { useBodyScrollLock, useFocusTrap } from './overlay';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The mobile menu slides in from the left, the cart (later) from the right. */
  side?: 'left' | 'right';
  children: ReactNode;
  id?: string;
  className?: string;
}

/** A modal side panel with a dimmed overlay; Escape and a click on the overlay close it. */
export function Drawer({ open, onClose, title, side = 'left', children, id, className }: DrawerProps) {
  const intl = useIntl();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useBodyScrollLock(open);
  useFocusTrap(panel, open, onClose);

  return (
    <div
      className={['drawer', `drawer--${side}`, open ? 'drawer--open' : '', className ?? ''].filter(Boolean).join(' ')}
      inert={!open}
      data-state={open ? 'open' : 'closed'}
    >
      <div className="drawer__overlay" data-testid="drawer-overlay" onClick={onClose} aria-hidden="true" />
      <div ref={panel} id={id} className="drawer__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="drawer__head">
          <h2 id={titleId} className="drawer__title">
            {title}
          </h2>
          <Button variant="ghost" size="sm" onClick={onClose} aria-label={intl.formatMessage({ id: 'common.close' })} icon={<CloseIcon />} />
        </div>
        <div className="drawer__body">{children}</div>
      </div>
    </div>
  );
}

/** A centred modal dialog (same focus and scroll rules as the drawer). */
export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  initialFocus,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** What gets focus on open (default: the first control, the close button), e.g. the confirm button so Enter confirms. */
  initialFocus?: RefObject<HTMLElement | null>;
}) {
  const intl = useIntl();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useBodyScrollLock(open);
  useFocusTrap(panel, open, onClose, initialFocus);
  if (!open) return null;
  return (
    <div className="dialog">
      <div className="dialog__overlay" onClick={onClose} aria-hidden="true" />
      <div ref={panel} className="dialog__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <Button variant="ghost" size="sm" onClick={onClose} aria-label={intl.formatMessage({ id: 'common.close' })} icon={<CloseIcon />} />
        </div>
        <div className="dialog__body">{children}</div>
        {actions ? <div className="dialog__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
