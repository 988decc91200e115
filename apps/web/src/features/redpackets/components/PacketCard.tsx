import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { RedPacketDetail } from '@koi/contract';
import { formatBalance } from '../../../lib/format';
import { VerifyBlock } from './VerifyBlock';

/** Seconds until the packet expires, ticking while it is open. */
function useSecondsLeft(packet: RedPacketDetail): number {
  const [now, setNow] = useState(() => Date.now());
  const open = packet.state === 'open';
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [open]);
  return Math.max(0, Math.ceil((new Date(packet.expires_at).getTime() - now) / 1000));
}

/**
 * One packet as the room shows it: who sent it, the total and the mine, the grabs as they arrive (each row
 * slides in), the grab button while a share is left, and the fairness data with its verifier.
 */
export function PacketCard({
  packet,
  onGrab,
  grabbing,
  verifyOpen = false,
}: {
  packet: RedPacketDetail;
  onGrab?: (id: number) => void;
  grabbing?: boolean;
  verifyOpen?: boolean;
}) {
  const { t } = useTranslation();
  const [showVerify, setShowVerify] = useState(verifyOpen);
  const secondsLeft = useSecondsLeft(packet);
  const open = packet.state === 'open';
  const canGrab =
    open && !packet.is_mine && packet.my_seq === null && packet.grabbed < packet.shares && secondsLeft > 0;
  const mine = packet.grabs.find((g) => g.is_me);
  return (
    <article
      className={`surface rp-card ${open ? 'rp-card--open' : 'rp-card--closed'}`}
      data-testid={`rp-packet-${packet.id}`}
      data-state={packet.state}
    >
      <header className="rp-card__head">
        <div className="rp-envelope" aria-hidden="true">
          <span>{packet.mine_digit ?? '—'}</span>
        </div>
        <div className="rp-card__who">
          <strong>{t('redpackets.sender', { name: packet.sender })}</strong>
          <span className="rp-muted">
            #{packet.id} · {packet.room_name}
            {packet.is_mine ? ` · ${t('redpackets.yours')}` : ''}
          </span>
        </div>
        <div className="rp-card__total">
          <strong>{formatBalance(packet.total, 2)}</strong>
          <span className={`rp-badge ${packet.mine_digit === null ? 'rp-badge--plain' : 'rp-badge--mine'}`}>
            {packet.mine_digit === null
              ? t('redpackets.noMine')
              : t('redpackets.mine', { digit: packet.mine_digit })}
          </span>
        </div>
      </header>

      <div className="rp-card__bar">
        <div className="rp-progress" aria-hidden="true">
          <i style={{ width: `${(packet.grabbed / packet.shares) * 100}%` }} />
        </div>
        <span>{t('redpackets.progress', { grabbed: packet.grabbed, shares: packet.shares })}</span>
        <span className="rp-muted">
          {open
            ? t('redpackets.expiresIn', { seconds: secondsLeft })
            : packet.close_reason === 'expired'
              ? t('redpackets.expired', { amount: formatBalance(packet.refunded, 2) })
              : t('redpackets.allGrabbed')}
        </span>
      </div>

      {packet.grabs.length > 0 ? (
        <ol className="rp-grabs">
          {packet.grabs.map((g) => (
            <li
              key={g.seq}
              className={`rp-grab ${g.is_me ? 'rp-grab--me' : ''} ${g.mine_hit ? 'rp-grab--hit' : ''}`}
            >
              <span className="rp-grab__seq">{g.seq}</span>
              <span className="rp-grab__who">{g.player}</span>
              <span className="rp-grab__share">
                <strong>{g.share_shown}</strong>
                <small className="rp-mono">{g.share}</small>
              </span>
              {g.mine_hit ? <span className="rp-badge rp-badge--hit">{t('redpackets.hitMine')}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}

      {mine ? (
        <p className={`rp-card__me ${mine.mine_hit ? 'rp-card__me--hit' : ''}`} data-testid="rp-my-share">
          {mine.mine_hit
            ? t(open ? 'redpackets.hitMineYou' : 'redpackets.hitMinePaid', {
                amount: formatBalance(packet.mine_payment, 2),
              })
            : t('redpackets.yourShare', { share: mine.share_shown })}
        </p>
      ) : null}

      <footer className="rp-card__foot">
        <button type="button" className="rp-link" onClick={() => setShowVerify((v) => !v)}>
          {t('redpackets.verify')}
        </button>
        {onGrab && canGrab ? (
          <Button
            className="rp-grab-button"
            color="danger"
            shape="rounded"
            size="small"
            loading={grabbing}
            onClick={() => onGrab(packet.id)}
            data-testid={`rp-grab-${packet.id}`}
          >
            {t('redpackets.grab')}
          </Button>
        ) : (
          <span className="rp-muted">{open ? t('redpackets.open') : t('redpackets.closed')}</span>
        )}
      </footer>
      {showVerify ? <VerifyBlock packet={packet} /> : null}
    </article>
  );
}
