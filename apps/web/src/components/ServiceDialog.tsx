import { Button } from 'antd-mobile';
import { isSafeLink } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../features/content/api/bulletin';
import { useUiStore } from '../stores/ui';
import { HeadsetIcon } from './Icons';
import { TelegramIcon } from './MoreIcons';
import { SheetDialog } from './SheetDialog';
import './ServiceDialog.css';

/** Customer-service dialog (spec §2): online support (config 7) and a Telegram contact (config 3). */
export default function ServiceDialog() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.serviceOpen);
  const setOpen = useUiStore((s) => s.setServiceOpen);
  const { onlineService, chatContact } = useConfig();
  // The server refuses unsafe links on save; this keeps a link saved before that rule (or slipped in by other
  // means) from ever running: a javascript: or data: link opened here would run on Koi's page.
  const safe = (href: string) => (isSafeLink(href) ? href : '');
  const entries = [
    {
      key: 'online',
      Icon: HeadsetIcon,
      title: t('service.online'),
      desc: t('service.onlineDesc'),
      href: safe(onlineService),
    },
    {
      key: 'tg',
      Icon: TelegramIcon,
      title: t('service.telegram'),
      desc: t('service.telegramDesc'),
      href: safe(chatContact),
    },
  ];
  return (
    <SheetDialog open={open} onClose={() => setOpen(false)} title={t('service.title')}>
      <ul className="stack-list">
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
    </SheetDialog>
  );
}
