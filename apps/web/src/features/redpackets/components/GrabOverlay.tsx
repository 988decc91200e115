import { useTranslation } from 'react-i18next';
import type { RedPacketGrabResult } from '@koi/contract';
import { formatBalance } from '../../../lib/format';

/** The envelope opening after a grab: the share, and the mine when it was hit. Tap anywhere to close. */
export function GrabOverlay({ result, onClose }: { result: RedPacketGrabResult; onClose: () => void }) {
  const { t } = useTranslation();
  const grab = result.packet.grabs.find((g) => g.seq === result.seq);
  return (
    <div
      className="rp-overlay"
      role="dialog"
      aria-modal="true"
      onClick={onClose}
      data-testid="rp-grab-result"
    >
      <div className={`rp-open-envelope ${result.mine_hit ? 'rp-open-envelope--hit' : ''}`}>
        <div className="rp-open-envelope__flap" />
        <div className="rp-open-envelope__body">
          <span className="rp-muted-light">{t('redpackets.sender', { name: result.packet.sender })}</span>
          <strong>{grab?.share_shown ?? formatBalance(result.share, 2)}</strong>
          <span>USDT</span>
          {result.mine_hit ? (
            <em>{t('redpackets.hitMineYou', { amount: formatBalance(result.packet.mine_payment, 2) })}</em>
          ) : null}
        </div>
      </div>
    </div>
  );
}
