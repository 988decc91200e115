import { useTranslation } from 'react-i18next';
import { CloseIcon } from './Icons';

/**
 * The × that closes a dialog, a popup or a bar: a real button named 关闭 for screen readers. Each place
 * gives its own class for where the button sits.
 */
export function CloseButton({
  className = 'icon-button',
  onClose,
}: {
  className?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button type="button" className={className} aria-label={t('common.close')} onClick={onClose}>
      <CloseIcon />
    </button>
  );
}
