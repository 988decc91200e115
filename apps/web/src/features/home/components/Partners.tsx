import { useTranslation } from 'react-i18next';
import { AdultNote } from '../../../components/AdultNote';
import './Partners.css';

const PARTNERS = ['koi', 'aurora', 'nebula', 'lotus', 'tide', 'ember'] as const;
const LICENCES = ['licence-1', 'licence-2', 'licence-3'] as const;

/** Cooperation notes and gaming licence images (spec §2), all our own artwork (decision 17). */
export function Partners() {
  const { t } = useTranslation();
  return (
    <>
      <section className="section-card partners">
        <h2 className="section-title">{t('home.cooperation')}</h2>
        <p className="partners__note">{t('home.cooperationNote')}</p>
        <Artwork
          className="partners__grid"
          srcs={PARTNERS.map((p) => `/assets/brands/partner-${p}.svg`)}
          width={200}
          height={80}
        />
      </section>
      <section className="section-card licences">
        <h2 className="section-title">{t('home.licence')}</h2>
        <Artwork
          className="licences__row"
          srcs={LICENCES.map((l) => `/assets/licence/${l}.svg`)}
          width={200}
          height={90}
        />
        <AdultNote className="licences__note">{t('home.licenceNote')}</AdultNote>
      </section>
    </>
  );
}

/** A row of our own images (logos, licences) below the fold: decorative, sized up front, loaded when near. */
function Artwork({
  className,
  srcs,
  width,
  height,
}: {
  className: string;
  srcs: string[];
  width: number;
  height: number;
}) {
  return (
    <div className={className}>
      {srcs.map((src) => (
        <img key={src} src={src} alt="" width={width} height={height} loading="lazy" />
      ))}
    </div>
  );
}
