import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../../stores/ui';
import { useConfig } from '../../content/api/bulletin';
import { SheetDialog } from '../../../components/SheetDialog';
import './NoticeDialog.css';

/**
 * Notice dialog (spec §2): config item 1 as rich content, scrollable, with a close icon. The notice is
 * operator-authored rich text that the server sanitises to paragraphs, emphasis, lists, small headings and safe
 * links (apps/server/src/lib/rich-text.ts) both when it is saved and when it is served, so nothing that runs
 * script reaches this page that holds a money token; it is shown as that HTML.
 */
export default function NoticeDialog() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.noticeOpen);
  const setOpen = useUiStore((s) => s.setNoticeOpen);
  const { notice } = useConfig();
  // A notice of nothing but empty paragraphs (an editor's leftovers) opens no dialog.
  const hasText = notice.replace(/<[^>]+>/g, '').trim() !== '';
  return (
    <SheetDialog
      open={open && hasText}
      onClose={() => setOpen(false)}
      title={t('home.noticeTitle')}
      className="notice-dialog"
    >
      <div className="notice-dialog__content" dangerouslySetInnerHTML={{ __html: notice }} />
    </SheetDialog>
  );
}
