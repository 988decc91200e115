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
  const [failed, setFailed] = useState(false);
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
        // replace, not assign: the back button should not return to this hand-over page.
        if (!url) setFailed(true);
        else window.location.replace(url);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [gameCode, type, signedIn, openLogin, attempt]);

  if (!signedIn) return <PageState kind="empty" text={t('auth.signInPrompt')} />;
  if (failed) {
    return (
      <PageState
        kind="error"
        text={t('games.launchFailed')}
        onRetry={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return <PageLoading />;
}
