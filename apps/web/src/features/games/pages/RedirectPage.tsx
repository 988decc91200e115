import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoading, PageState } from '../../../components/PageState';
import { useIsSignedIn } from '../../../stores/auth';
import { useUiStore } from '../../../stores/ui';
import { fetchGameLaunchUrl } from '../api/gameLogin';

/** /redirect?type&game_code: asks for the launch URL and goes there (spec §2, §7). */
export default function RedirectPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const signedIn = useIsSignedIn();
  const openLogin = useUiStore((s) => s.openLogin);
  const gameCode = search.get('game_code') ?? '';
  const type = search.get('type') ?? '';
  const [state, setState] = useState<{ status: 'loading' | 'error' | 'blocked'; url?: string }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!signedIn) {
      openLogin(1);
      return;
    }
    let live = true;
    fetchGameLaunchUrl(gameCode, type)
      .then((url) => {
        if (!live) return;
        if (!url) setState({ status: 'error' });
        else window.location.replace(url);
      })
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [gameCode, type, signedIn, openLogin, attempt]);

  if (!signedIn) return <PageState kind="empty" text={t('auth.signInPrompt')} />;
  if (state.status === 'error') {
    return (
      <PageState
        kind="error"
        text={t('games.launchFailed')}
        onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (state.status === 'blocked' && state.url) {
    return (
      <div className="page-state">
        <span>{t('games.popupBlocked')}</span>
        <Button color="primary" onClick={() => window.location.assign(state.url!)}>
          {t('games.openGame')}
        </Button>
      </div>
    );
  }
  return <PageLoading />;
}
