import { Button, CenterPopup, DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './MoneyCard.css';

/**
 * A centred dialog of the money screens (add an address, confirm a look-alike one, enter the withdrawal
 * password): a title, the content, then 取消 and the action. While `busy` the action shows a spinner and takes
 * no second tap, so one request is never sent twice. Tapping the mask cancels unless `maskCloses` is false
 * (a warning the player must answer).
 */
export function MoneyDialog({
  visible,
  className,
  title,
  children,
  onCancel,
  maskCloses = true,
  action,
}: {
  visible: boolean;
  className: string;
  title: string;
  children: ReactNode;
  onCancel: () => void;
  maskCloses?: boolean;
  /** `danger`: the action goes against a warning, so it is red instead of the brand colour. */
  action: { text: string; onClick: () => void; busy: boolean; danger?: boolean };
}) {
  const { t } = useTranslation();
  return (
    <CenterPopup
      visible={visible}
      onMaskClick={maskCloses ? onCancel : undefined}
      className="money-center"
      bodyClassName={`money-dialog ${className}`}
    >
      <h3>{title}</h3>
      {children}
      <div className="money-actions">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button color={action.danger ? 'danger' : 'primary'} onClick={action.onClick} disabled={action.busy}>
          {action.busy ? <DotLoading color="white" /> : action.text}
        </Button>
      </div>
    </CenterPopup>
  );
}
