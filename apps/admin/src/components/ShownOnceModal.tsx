import type { ReactNode } from 'react';
import { Alert, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A secret the server shows exactly once (a one-time password, a sign-in link, a TOTP secret), under a
 * warning that says so. It has one button, 完成, and a click beside it does not close it: the operator
 * closes it once they have noted the secret. Render it only while shown: closed means gone from the page.
 */
export function ShownOnceModal({
  title,
  width,
  onClose,
  children,
}: {
  title: ReactNode;
  width?: number;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      width={width}
      title={title}
      onOk={onClose}
      onCancel={onClose}
      okText={t('common.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
    >
      <Alert type="warning" showIcon message={t('common.shownOnce')} style={{ marginBottom: 12 }} />
      {children}
    </Modal>
  );
}
