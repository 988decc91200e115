import { Button, CenterPopup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../stores/ui';
import './RetryDialog.css';

/** Retry dialog (spec §2): centred, not closable by tapping outside, z-index 200. */
export default function RetryDialog() {
  const { t } = useTranslation();
  const retry = useUiStore((s) => s.retry);
  const hide = useUiStore((s) => s.hideRetry);
  return (
    <CenterPopup
      visible={retry.open}
      closeOnMaskClick={false}
      style={{ '--z-index': '200' }}
      className="sheet-dialog"
    >
      <p className="retry-text">{retry.text || t('common.loadFailed')}</p>
      <Button
        block
        color="primary"
        shape="rounded"
        onClick={() => {
          const action = retry.action;
          hide();
          action?.();
        }}
      >
        {t('common.retry')}
      </Button>
    </CenterPopup>
  );
}
