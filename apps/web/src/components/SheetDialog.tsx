import type { CSSProperties, ReactNode } from 'react';
import { CenterPopup } from 'antd-mobile';
import { CloseButton } from './CloseButton';

/**
 * A centred sheet with a title and a close button (the customer-service list, the notice): the mask and the
 * × both close it.
 */
export function SheetDialog({
  open,
  onClose,
  title,
  className,
  style,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <CenterPopup
      visible={open}
      onMaskClick={onClose}
      className={className ? `sheet-dialog ${className}` : 'sheet-dialog'}
      style={style}
    >
      <div className="sheet-dialog__head">
        <h2>{title}</h2>
        <CloseButton onClose={onClose} />
      </div>
      {children}
    </CenterPopup>
  );
}
