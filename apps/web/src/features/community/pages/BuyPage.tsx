import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../../components/PageState';
import { useBuyLinksQuery } from '../api/buyLinks';
import { ChevronRightIcon } from '../components/icons';
import '../community.css';

/**
 * buy (spec §2, decision 28): the places to buy USDT that the operator lists. Koi sells nothing, and the page
 * says so first. Each place opens in a new window without access to this one (noopener, noreferrer); the
 * server lists only https links.
 */
export default function BuyPage() {
  const { t } = useTranslation();
  const links = useBuyLinksQuery();
  return (
    <div className="buy-page">
      <p className="buy-disclaimer" role="note">
        {t('buy.disclaimer')}
      </p>
      <QueryStates query={links} emptyText={t('buy.empty')}>
        {(buyLinks) => (
          <ul className="stack-list buy-list" data-testid="buy-links">
            {buyLinks.map((l) => (
              <li key={l.id}>
                <a
                  className="surface buy-link"
                  href={l.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={t('buy.external')}
                >
                  {l.logo ? (
                    <img className="buy-link__logo" src={l.logo} alt="" />
                  ) : (
                    <span className="buy-link__logo buy-link__logo--letter" aria-hidden>
                      {[...l.name][0]}
                    </span>
                  )}
                  <span className="buy-link__body">
                    <span className="buy-link__name">{l.name}</span>
                    {l.note ? <span className="buy-link__note">{l.note}</span> : null}
                    <span className="buy-link__host">{new URL(l.link).host}</span>
                  </span>
                  <span className="buy-link__open">
                    {t('buy.open')} <ChevronRightIcon />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </div>
  );
}
