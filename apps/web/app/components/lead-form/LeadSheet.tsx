// The bottom sheet of the lead forms (the order sheet, the contractor sheet): antd-mobile's Popup with the dialog's
// close icon and title. The body mounts only while the sheet is open, so each opening starts afresh (its loads, its
// Idempotency-Key).
import { Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import './lead-form.css';

export function LeadSheet({
  visible,
  onClose,
  title,
  testId,
  children,
}: {
  visible: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="lead-sheet" destroyOnClose>
      {visible ? (
        <div role="dialog" aria-modal="true" aria-label={title} data-testid={testId} className="lead-sheet__inner">
          <button type="button" className="lead-modal__close" aria-label="关闭" onClick={onClose}>
            ×
          </button>
          <h2 className="lead-modal__title">{title}</h2>
          {children}
        </div>
      ) : null}
    </Popup>
  );
}
