import { CenterPopup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Carousel } from '../../../components/Carousel';
import { imageUrl } from '../../../lib/format';
import { useUiStore } from '../../../stores/ui';
import { useBannersQuery } from '../../content/api/banners';
import { useOpenBanner } from './Banners';
import { CloseButton } from '../../../components/CloseButton';
import './BannerPopup.css';

/**
 * Spec §2: a popup carousel of two banners; the first opens activity 9, the second activity 999. The server
 * sends those activity types on its first two banners; these are the defaults when it does not.
 */
export const POPUP_ACTIVITY_TYPES = [9, 999] as const;

export default function BannerPopup() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.bannerPopupOpen);
  const setOpen = useUiStore((s) => s.setBannerPopupOpen);
  const { data } = useBannersQuery();
  const openBanner = useOpenBanner();
  const slides = (data ?? [])
    .slice(0, 2)
    .map((b, i) => ({ ...b, activity_type: b.activity_type ?? POPUP_ACTIVITY_TYPES[i] ?? null }));
  if (!slides.length) return null;
  return (
    <CenterPopup
      visible={open}
      onMaskClick={() => setOpen(false)}
      className="banner-popup"
      aria-label={t('home.bannerTitle')}
    >
      <Carousel
        items={slides.map((banner) => (
          <button
            key={banner.id}
            type="button"
            className="banner-popup__slide"
            onClick={() => {
              setOpen(false);
              openBanner(banner);
            }}
          >
            <img src={imageUrl(banner.image)} alt={banner.title} />
            <span>{banner.title}</span>
          </button>
        ))}
      />
      <CloseButton className="banner-popup__close" onClose={() => setOpen(false)} />
    </CenterPopup>
  );
}
