import { imageUrl } from '../../../lib/format';

/** A promotion's banner: an SVG document drawn for it (shown as a data URL) or an image path. */
export function PromotionBanner({ banner, title }: { banner: string; title: string }) {
  const src = banner.trimStart().startsWith('<svg')
    ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(banner)}`
    : imageUrl(banner);
  return <img className="promo-banner" src={src} alt={title} loading="lazy" decoding="async" />;
}
