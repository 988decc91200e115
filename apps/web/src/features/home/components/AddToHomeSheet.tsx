import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './AddToHomeSheet.css';

/** The bottom sheet with the add-to-home instruction image (spec §2). */
export default function AddToHomeSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} bodyClassName="a2hs-sheet" showCloseButton onClose={onClose}>
      <h2>{t('home.addToHomeTitle')}</h2>
      <p>{t('home.addToHomeDesc')}</p>
      <img src="/assets/add-to-home.svg" alt={t('home.addToHomeDesc')} />
    </Popup>
  );
}
