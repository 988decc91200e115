import { useTranslation } from 'react-i18next';
import { RouteNotice } from './RouteNotice';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <RouteNotice art="/assets/state-error.svg" title={t('routes.notFound')} text={t('common.notFoundDesc')} />
  );
}
