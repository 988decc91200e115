import { Button, Input, Slider, Switch, Toast } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { GemIcon, MineIcon } from '../../components/Icons';
import { PageState } from '../../components/PageState';
import { formatBalance } from '../../lib/format';
import { useIsSignedIn } from '../../stores/auth';
import { useUiStore } from '../../stores/ui';
import { useUserInfoQuery } from '../auth/api/userInfo';
import { ORIGINAL_GAMES, useBetMutation, type BetRequest, type OriginalGame } from './api/originals';
import { FairnessPanel } from './components/FairnessPanel';
import { History } from './components/History';
import { diceOffer, limboChance, scaleAmount } from './params';
import type { HistoryEntry } from './verifyRound';
import './OriginalGamePage.css';

/** Auto-bet plays at most this many rounds per start (a bound on an unattended loop). */
export const AUTO_BET_ROUNDS = 10;
const HISTORY_MAX = 30;
const MINE_TILES = 25;

/** Koi originals (decision 16): dice, limbo and mines, each settled in one request and verifiable here. */
export default function OriginalGamePage(props: { game?: OriginalGame }) {
  const { t } = useTranslation();
  const params = useParams();
  const game = props.game ?? params.game ?? '';
  const signedIn = useIsSignedIn();
  const openLogin = useUiStore((s) => s.openLogin);
  const user = useUserInfoQuery();
  const known = (ORIGINAL_GAMES as readonly string[]).includes(game);
  const bet = useBetMutation((known ? game : 'dice') as OriginalGame);
  const [amount, setAmount] = useState('1');
  const [target, setTarget] = useState(50);
  const [direction, setDirection] = useState<'over' | 'under'>('over');
  const [limboTarget, setLimboTarget] = useState('2');
  const [mines, setMines] = useState(3);
  const [picks, setPicks] = useState<number[]>([]);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [last, setLast] = useState<HistoryEntry | null>(null);
  const [auto, setAuto] = useState(false);
  const autoLeft = useRef(0);

  if (!known) return <PageState kind="error" text={t('originals.unknownGame')} />;
  const kind = game as OriginalGame;

  function request(): (BetRequest & { params: Record<string, unknown> }) | null {
    if (kind === 'dice') {
      const params = { target: target.toFixed(2), direction };
      return { amount, ...params, params };
    }
    if (kind === 'limbo') {
      const params = { target: limboTarget };
      return { amount, ...params, params };
    }
    if (!picks.length) {
      Toast.show({ content: t('originals.pickFirst'), position: 'center' });
      return null;
    }
    return { amount, mines, picks, params: { mines, picks } };
  }

  async function play(): Promise<boolean> {
    if (!signedIn) {
      openLogin(1);
      return false;
    }
    const req = request();
    if (!req) return false;
    try {
      const result = await bet.mutateAsync(req);
      const entry: HistoryEntry = { ...result, params: req.params };
      setLast(entry);
      setHistory((h) => [entry, ...h].slice(0, HISTORY_MAX));
      return true;
    } catch {
      return false;
    }
  }

  async function runAuto() {
    autoLeft.current = AUTO_BET_ROUNDS;
    setAuto(true);
    while (autoLeft.current > 0) {
      autoLeft.current -= 1;
      if (!(await play())) break;
      await new Promise((r) => setTimeout(r, 600));
    }
    autoLeft.current = 0;
    setAuto(false);
  }

  const offer = kind === 'dice' ? diceOffer(target, direction) : null;

  return (
    <div className="originals">
      <section className={`originals-stage originals-stage--${kind}`}>
        <div className="originals-stage__balance">
          <small>{t('home.balance')}</small>
          <strong data-testid="originals-balance">
            {signedIn ? formatBalance(user.data?.balance) : '—'}
          </strong>
        </div>
        <ResultView
          kind={kind}
          last={last}
          picks={picks}
          mines={mines}
          onPick={setPicks}
          busy={bet.isPending}
        />
      </section>

      <section className="originals-panel">
        {kind === 'dice' ? (
          <>
            <div className="segmented" role="radiogroup">
              {(['under', 'over'] as const).map((d) => (
                <button
                  key={d}
                  type="button"
                  role="radio"
                  aria-checked={direction === d}
                  className={direction === d ? 'is-active' : ''}
                  onClick={() => setDirection(d)}
                >
                  {t(`originals.${d}`)} {target.toFixed(2)}
                </button>
              ))}
            </div>
            <Slider
              min={2}
              max={98}
              step={0.5}
              value={target}
              onChange={(v) => setTarget(Array.isArray(v) ? v[0]! : v)}
              className="originals-slider"
            />
            <div className="originals-stats">
              <span>
                {t('originals.winChance')} <b>{offer?.chance ?? '—'}%</b>
              </span>
              <span>
                {t('originals.multiplier')} <b>{offer?.multiplier ?? '—'}×</b>
              </span>
            </div>
          </>
        ) : null}
        {kind === 'limbo' ? (
          <>
            <label className="originals-field">
              <span>{t('originals.targetMultiplier')}</span>
              <Input value={limboTarget} onChange={setLimboTarget} inputMode="decimal" />
            </label>
            <div className="originals-stats">
              <span>
                {t('originals.winChance')} <b>{limboChance(Number(limboTarget))}%</b>
              </span>
            </div>
          </>
        ) : null}
        {kind === 'mines' ? (
          <label className="originals-field">
            <span>{t('originals.minesCount')}</span>
            <Slider
              min={1}
              max={24}
              step={1}
              value={mines}
              onChange={(v) => setMines(Array.isArray(v) ? v[0]! : v)}
            />
            <b>{mines}</b>
          </label>
        ) : null}

        <label className="originals-field">
          <span>{t('originals.amount')}</span>
          <Input value={amount} onChange={setAmount} inputMode="decimal" aria-label={t('originals.amount')} />
          <button type="button" className="chip" onClick={() => setAmount(scaleAmount(amount, 0.5))}>
            {t('originals.half')}
          </button>
          <button type="button" className="chip" onClick={() => setAmount(scaleAmount(amount, 2))}>
            {t('originals.double')}
          </button>
        </label>

        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          className="originals-bet"
          loading={bet.isPending && !auto}
          disabled={auto}
          onClick={() => void play()}
        >
          {t('originals.bet')}
        </Button>

        <div className="originals-auto">
          <div>
            <strong>{t('originals.autoBet')}</strong>
            <small>{t('originals.autoBetDesc', { count: AUTO_BET_ROUNDS })}</small>
          </div>
          {/* Off by default (issue 6); switching off stops after the round in flight. */}
          <Switch
            checked={auto}
            aria-label={t('originals.autoBet')}
            onChange={(on) => {
              if (on) void runAuto();
              else autoLeft.current = 0;
            }}
          />
        </div>
      </section>

      <History entries={history} />
      {signedIn ? <FairnessPanel history={history} /> : null}
    </div>
  );
}

function ResultView({
  kind,
  last,
  picks,
  mines,
  onPick,
  busy,
}: {
  kind: OriginalGame;
  last: HistoryEntry | null;
  picks: number[];
  mines: number;
  onPick: (p: number[]) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<string>('—');
  const value = last ? String((last.outcome.roll ?? last.outcome.result ?? '') as string) : '';

  // The result rolls up to its value (a short animation), then shows the server's exact text.
  useEffect(() => {
    if (!value) return;
    const end = Number(value);
    const start = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const p = Math.min(1, (now - start) / 500);
      setShown(p < 1 ? (end * p).toFixed(2) : value);
      if (p < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [value, last?.bet_id]);

  if (kind === 'mines') {
    const mineTiles = new Set((last?.outcome.mine_tiles as number[] | undefined) ?? []);
    const revealed = Boolean(last) && !busy;
    return (
      <div className="mines-grid" aria-label={t('originals.pickHint', { count: picks.length })}>
        {Array.from({ length: MINE_TILES }, (_, i) => {
          const picked = picks.includes(i);
          const state =
            revealed && mineTiles.has(i) ? 'mine' : revealed && picked ? 'gem' : picked ? 'picked' : '';
          return (
            <button
              key={i}
              type="button"
              className={`mines-tile ${state}`}
              aria-pressed={picked}
              onClick={() => {
                if (picked) onPick(picks.filter((p) => p !== i));
                else if (picks.length < MINE_TILES - mines) onPick([...picks, i]);
              }}
            >
              {state === 'mine' ? <MineIcon /> : state === 'gem' ? <GemIcon /> : null}
            </button>
          );
        })}
        {last ? <ResultBadge last={last} /> : null}
      </div>
    );
  }
  return (
    <div className="originals-result">
      <div
        className={`originals-result__value${last ? (last.win ? ' is-win' : ' is-lose') : ''}`}
        data-testid="originals-result"
      >
        {kind === 'limbo' && last ? `${shown}×` : shown}
      </div>
      {last ? <ResultBadge last={last} /> : null}
    </div>
  );
}

function ResultBadge({ last }: { last: HistoryEntry }) {
  const { t } = useTranslation();
  return (
    <div className={`result-badge ${last.win ? 'is-win' : 'is-lose'}`}>
      {last.win
        ? `${t('originals.win')} +${formatBalance(last.profit)}`
        : `${t('originals.lose')} ${formatBalance(last.profit)}`}
      <small>
        {t('originals.multiplier')} {last.multiplier}×
      </small>
    </div>
  );
}
