import { Button, CenterPopup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../features/content/api/bulletin';
import { useUiStore } from '../stores/ui';
import { CloseIcon, HeadsetIcon } from './Icons';
import { TelegramIcon } from './MoreIcons';
import './ServiceDialog.css';

/** Customer-service dialog (spec §2): online support (config 7) and a Telegram contact (config 3). */
export default function ServiceDialog() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.serviceOpen);
  const setOpen = useUiStore((s) => s.setServiceOpen);
  const { onlineService, chatContact } = useConfig();
  const entries = [
    {
      key: 'online',
      Icon: HeadsetIcon,
      title: t('service.online'),
      desc: t('service.onlineDesc'),
      href: onlineService,
    },
    {
      key: 'tg',
      Icon: TelegramIcon,
      title: t('service.telegram'),
      desc: t('service.telegramDesc'),
      href: chatContact,
    },
  ];
  return (
    <CenterPopup
      visible={open}
      onMaskClick={() => setOpen(false)}
      className="sheet-dialog"
      style={{ '--z-index': '1100' }}
    >
      <div className="sheet-dialog__head">
        <h2>{t('service.title')}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.close')}
          onClick={() => setOpen(false)}
        >
          <CloseIcon />
        </button>
      </div>
      <ul className="service-list">
        {entries.map(({ key, Icon, title, desc, href }) => (
          <li key={key} className="service-item">
            <span className={`service-item__icon service-item__icon--${key}`}>
              <Icon />
            </span>
            <span className="service-item__text">
              <strong>{title}</strong>
              <small>{desc}</small>
            </span>
            <Button
              size="small"
              color="primary"
              shape="rounded"
              disabled={!href}
              onClick={() => void window.open(href, '_blank', 'noopener')}
            >
              {t('service.consult')}
            </Button>
          </li>
        ))}
      </ul>
    </CenterPopup>
  );
}
