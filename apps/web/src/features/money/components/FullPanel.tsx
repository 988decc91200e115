import { Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './FullPanel.css';

/** A full-screen panel with a back arrow (spec §2 address and password panels). */
export function FullPanel({
  title,
  visible,
  onClose,
  children,
}: {
  title: string;
  visible: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} position="right" onClose={onClose} bodyStyle={{ height: '100%' }}>
      <section className="full-panel" role="dialog" aria-label={title}>
        <header className="full-panel__bar">
          <button type="button" className="full-panel__back" aria-label={t('common.back')} onClick={onClose}>
            ‹
          </button>
          <h2>{title}</h2>
          <span className="full-panel__spacer" />
        </header>
        <div className="full-panel__body">{children}</div>
      </section>
    </Popup>
  );
}
