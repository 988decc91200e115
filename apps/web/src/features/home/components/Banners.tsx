import { useNavigate } from 'react-router';
import { Carousel } from '../../../components/Carousel';
import { imageUrl } from '../../../lib/format';
import { useBannersQuery, type Banner } from '../../content/api/banners';
import { useIsSignedIn } from '../../../stores/auth';
import { useUiStore } from '../../../stores/ui';
import { useInviteStore } from '../../agents/inviteStore';
import './Banners.css';

/** Where a banner leads: its activity (activityDetail) or its link. */
export function bannerTarget(banner: Banner): string | null {
  if (banner.activity_type !== null && banner.activity_type !== undefined) {
    return `/activityDetail?activity_type=${banner.activity_type}`;
  }
  return banner.link || null;
}

/** Activity 999 is 邀请好友 共享佣金 (spec §2's second popup banner): it opens the invite dialog. */
export const INVITE_ACTIVITY = 999;

export function useOpenBanner() {
  const navigate = useNavigate();
  const signedIn = useIsSignedIn();
  const openLogin = useUiStore((s) => s.openLogin);
  const setShowInvite = useInviteStore((s) => s.setShowInvite);
  return (banner: Banner) => {
    if (banner.activity_type === INVITE_ACTIVITY) {
      if (signedIn) setShowInvite(true);
      else openLogin(1);
      return;
    }
    const to = bannerTarget(banner);
    if (!to) return;
    if (/^https?:/.test(to)) window.open(to, '_blank', 'noopener');
    else navigate(to);
  };
}

/** The carousel at the top of home. A skeleton keeps the space while banners load; none hides it. */
export function BannerCarousel() {
  const { data, isPending } = useBannersQuery();
  const open = useOpenBanner();
  if (isPending) return <div className="banner-carousel skeleton" aria-busy="true" />;
  if (!data?.length) return null;
  return (
    <Carousel
      className="banner-carousel"
      items={data.map((banner, i) => (
        <button key={banner.id} type="button" className="banner-slide" onClick={() => open(banner)}>
          {/* The first slide is the largest paint of the page: fetched first; the others when scrolled to. */}
          <img
            src={imageUrl(banner.image)}
            alt={banner.title}
            width={690}
            height={280}
            fetchPriority={i === 0 ? 'high' : 'low'}
            loading={i === 0 ? 'eager' : 'lazy'}
          />
        </button>
      ))}
    />
  );
}
