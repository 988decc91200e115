import { useTranslation } from 'react-i18next';
import { IconButton } from './IconButton';
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
    <IconButton label={t('common.close')} className={className} onClick={onClose}>
      <CloseIcon />
    </IconButton>
  );
}
