import type { ReactNode } from 'react';
import { Button, Notice } from '../../ui';
import type { PermissionName } from './permissions';
import { DashboardFrame } from './DashboardFrame';
import { StaffGate } from './StaffGate';

/**
 * The frame of a dashboard page that lists records and edits one at a time (coupons, gift cards, kiosks,
 * messages): the permission gate, the title with its "new" button (hidden while `onNew` is undefined, i.e.
 * while something is being edited), the lead and the last action's success notice.
 */
export function RecordListFrame({
  permission,
  title,
  newLabel,
  onNew,
  lead,
  leadClassName,
  notice,
  children,
}: {
  permission: PermissionName;
  title: string;
  newLabel: string;
  onNew: (() => void) | undefined;
  lead: string;
  leadClassName?: string;
  notice: ReactNode;
  children: ReactNode;
}) {
  return (
    <StaffGate permission={permission}>
      <DashboardFrame
        title={title}
        actions={
          onNew ? (
            <Button variant="primary" onClick={onNew}>
              {newLabel}
            </Button>
          ) : undefined
        }
      >
        <p className={leadClassName ? `admin__lead ${leadClassName}` : 'admin__lead'}>{lead}</p>
        {notice ? <Notice tone="success">{notice}</Notice> : null}
        {children}
      </DashboardFrame>
    </StaffGate>
  );
}
