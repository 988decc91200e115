import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../../stores/ui';
import { useConfig } from '../../content/api/bulletin';
import { SheetDialog } from '../../../components/SheetDialog';
import './NoticeDialog.css';

/**
 * Notice dialog (spec §2): config item 1 as rich content, scrollable, with a close icon. The notice is
 * operator-authored; it is rendered as text paragraphs rather than raw HTML so a compromised or careless
 * bulletin cannot inject script into a page that holds a money token.
 */
export default function NoticeDialog() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.noticeOpen);
  const setOpen = useUiStore((s) => s.setNoticeOpen);
  const { notice } = useConfig();
  const paragraphs = notice
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <SheetDialog
      open={open && paragraphs.length > 0}
      onClose={() => setOpen(false)}
      title={t('home.noticeTitle')}
      className="notice-dialog"
    >
      <div className="notice-dialog__content">
        {paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    </SheetDialog>
  );
}
