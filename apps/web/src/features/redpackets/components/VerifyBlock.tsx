import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { RedPacketDetail } from '@koi/contract';
import { Facts } from '../../../components/Facts';
import { shown, usdtOf, verifyPacket, type Verification } from '../verify';

/** A packet's fairness data, and a button that recomputes its split in the browser once it is closed. */
export function VerifyBlock({ packet }: { packet: RedPacketDetail }) {
  const { t, i18n } = useTranslation();
  const [result, setResult] = useState<Verification | null>(null);
  const english = i18n.language.startsWith('en');
  return (
    <div className="rp-verify" data-testid={`rp-verify-${packet.id}`}>
      <Facts
        valueClassName="rp-mono"
        facts={[
          [t('redpackets.seedHash'), packet.server_seed_hash],
          [t('redpackets.clientSeed'), packet.client_seed],
          [t('redpackets.serverSeed'), packet.server_seed ?? t('redpackets.seedHidden')],
        ]}
      />
      {packet.server_seed === null ? (
        <p className="rp-muted">{t('redpackets.verifyWaiting')}</p>
      ) : (
        <Button
          size="small"
          color="primary"
          fill="outline"
          onClick={() => setResult(verifyPacket(packet, english, t('redpackets.verifyMismatch')))}
        >
          {t('redpackets.verify')}
        </Button>
      )}
      {result && result.state !== 'waiting' ? (
        <div className={`rp-verify__result rp-verify__result--${result.state}`} role="status">
          <strong>
            {result.state === 'ok'
              ? t('redpackets.verifyOk')
              : t('redpackets.verifyFailed', { reason: result.reason })}
          </strong>
          {result.shares ? (
            <table>
              <thead>
                <tr>
                  <th>#</th>
                  <th>{t('redpackets.recomputed')}</th>
                  <th>{t('redpackets.recorded')}</th>
                </tr>
              </thead>
              <tbody>
                {result.shares.map((share, i) => {
                  const grab = packet.grabs.find((g) => g.seq === i + 1);
                  return (
                    <tr key={i}>
                      <td>{i + 1}</td>
                      <td className="rp-mono">
                        {usdtOf(share)} <em>({shown(share)})</em>
                      </td>
                      <td className="rp-mono">{grab ? grab.share : '—'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
