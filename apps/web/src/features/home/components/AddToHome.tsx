import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';
import { useOnceTrue } from '../../../lib/useOnceTrue';
import { CloseButton } from '../../../components/CloseButton';
import './AddToHome.css';
import { lazyScreen } from '../../../lib/lazyScreen';

const AddToHomeSheet = lazyScreen(() => import('./AddToHomeSheet'));

/** Spec §9: the add-to-home prompt shows at most once per 24 hours. */
export const ADD_TO_HOME_INTERVAL_MS = 24 * 60 * 60 * 1000;

export function shouldShowAddToHome(now: number, stored: string | null): boolean {
  const last = Number(stored);
  return !stored || !Number.isFinite(last) || now - last > ADD_TO_HOME_INTERVAL_MS;
}

/** Fixed green bar 添加到主屏幕 with a close cross; tapping opens a bottom sheet with the instructions. */
export function AddToHomeBanner() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() =>
    shouldShowAddToHome(Date.now(), readStorage(STORAGE_KEYS.showtime)),
  );
  // Showing stores the time (spec §4), so the next prompt is a day away whatever the player does.
  useEffect(() => {
    if (visible) writeStorage(STORAGE_KEYS.showtime, String(Date.now()));
  }, [visible]);
  const [sheet, setSheet] = useState(false);
  const sheetMounted = useOnceTrue(sheet);
  return (
    <>
      {visible ? (
        <div className="a2hs-bar" role="region" aria-label={t('home.addToHome')}>
          <button type="button" className="a2hs-bar__open" onClick={() => setSheet(true)}>
            <img src="/assets/logo.svg" alt="" />
            <span>{t('home.addToHome')}</span>
          </button>
          <CloseButton className="a2hs-bar__close" onClose={() => setVisible(false)} />
        </div>
      ) : null}
      {sheetMounted ? (
        <Suspense fallback={null}>
          <AddToHomeSheet open={sheet} onClose={() => setSheet(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
