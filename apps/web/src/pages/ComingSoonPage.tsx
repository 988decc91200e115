import { useTranslation } from 'react-i18next';
import { useRouteMeta } from '../app/meta';
import { RouteNotice } from './RouteNotice';

/** Routes of spec §2 not built yet show this inside the frame, never a blank page. */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const meta = useRouteMeta();
  return (
    <RouteNotice
      art="/assets/coming-soon.svg"
      title={t(meta.title as 'routes.home')}
      badge={t('common.comingSoon')}
      text={t('common.comingSoonDesc')}
    />
  );
}
