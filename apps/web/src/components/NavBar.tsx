import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon } from './Icons';
import './NavBar.css';

/**
 * The title bar of an inner screen: a back arrow and the centred title. Our own rather than antd-mobile's
 * NavBar, whose icon set is otherwise the only reason the first screen would load antd-mobile-icons.
 */
export function NavBar({ title, onBack }: { title: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <header className="app-nav" aria-label={title}>
      <div className="app-nav__side">
        <button type="button" className="app-nav__back" aria-label={t('common.back')} onClick={onBack}>
          <ChevronLeftIcon />
        </button>
      </div>
      <h1 className="app-nav__title">{title}</h1>
      <div className="app-nav__side" />
    </header>
  );
}
