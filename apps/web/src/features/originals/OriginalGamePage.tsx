import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageState } from '../../components/PageState';
import { useIsSignedIn } from '../../stores/auth';
import { ORIGINAL_GAMES, type OriginalGame } from './api/originals';
import { FairnessPanel } from './components/FairnessPanel';
import { History } from './components/History';
import { DicePanel } from './panels/DicePanel';
import { LimboPanel } from './panels/LimboPanel';
import { MinesPanel } from './panels/MinesPanel';
import type { PanelProps } from './panels/types';
import type { HistoryEntry } from './verifyRound';
import './OriginalGamePage.css';

const HISTORY_MAX = 30;

const PANELS: Record<OriginalGame, (props: PanelProps) => React.ReactNode> = {
  dice: DicePanel,
  limbo: LimboPanel,
  mines: MinesPanel,
};

/**
 * Koi originals (decision 16): dice, limbo and mines, each settled in one request and verifiable here. The page
 * keeps the session's rounds (history and fairness); each game's panel keeps its own parameters.
 */
export default function OriginalGamePage(props: { game?: OriginalGame }) {
  const { t } = useTranslation();
  const params = useParams();
  const game = props.game ?? params.game ?? '';
  const signedIn = useIsSignedIn();
  const [history, setHistory] = useState<HistoryEntry[]>([]);

  if (!(ORIGINAL_GAMES as readonly string[]).includes(game)) {
    return <PageState kind="error" text={t('originals.unknownGame')} />;
  }
  const Panel = PANELS[game as OriginalGame];

  return (
    <div className="originals">
      <Panel
        last={history[0] ?? null}
        onSettled={(result, params) => setHistory((h) => [{ ...result, params }, ...h].slice(0, HISTORY_MAX))}
      />
      <History entries={history} />
      {signedIn ? <FairnessPanel history={history} /> : null}
    </div>
  );
}
