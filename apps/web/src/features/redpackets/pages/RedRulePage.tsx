import { useMemo, useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  FAIR_PROBLEM_TEXT,
  mineDigitOf,
  redPacketSeedHash,
  splitRedPacket,
  verifyRedPacket,
} from '@koi/fair';
import { microOf, reasonText, shown, usdtOf } from '../verify';
import '../redpackets.css';

/** The worked example of the formula, as packages/fair documents and tests it. */
const EXAMPLE = {
  serverSeed: '07661f0c25a156a918da909baa640453a45423d87256412daa0e5e2158dda12b',
  clientSeed: 'lucky-8',
  packetId: 42,
  total: '10',
  shares: 5,
};

type VerifierFields = {
  serverSeed: string;
  hash: string;
  clientSeed: string;
  packetId: string;
  total: string;
  shares: string;
};
const EMPTY: VerifierFields = {
  serverSeed: '',
  hash: '',
  clientSeed: '',
  packetId: '',
  total: '',
  shares: '',
};

/**
 * /redRule: how the game is played, the split formula with a worked example computed here with @koi/fair,
 * and a verifier that recomputes any closed packet in the browser.
 */
export default function RedRulePage() {
  const { t, i18n } = useTranslation();
  const english = i18n.language.startsWith('en');
  const example = useMemo(
    () =>
      splitRedPacket({
        serverSeed: EXAMPLE.serverSeed,
        clientSeed: EXAMPLE.clientSeed,
        packetId: EXAMPLE.packetId,
        totalMicro: microOf(EXAMPLE.total),
        shares: EXAMPLE.shares,
      }),
    [],
  );
  const [fields, setFields] = useState<VerifierFields>(EMPTY);
  const [result, setResult] = useState<{ ok: true; shares: bigint[] } | { ok: false; reason: string } | null>(
    null,
  );
  const set = (key: keyof VerifierFields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  function compute() {
    const totalMicro = /^\d+(\.\d{0,6})?$/.test(fields.total.trim()) ? microOf(fields.total) : null;
    const checked = verifyRedPacket({
      serverSeed: fields.serverSeed.trim(),
      clientSeed: fields.clientSeed,
      packetId: /^\d{1,15}$/.test(fields.packetId.trim()) ? Number(fields.packetId.trim()) : -1,
      totalMicro: totalMicro as bigint,
      shares: /^\d{1,2}$/.test(fields.shares.trim()) ? Number(fields.shares.trim()) : -1,
      ...(fields.hash.trim() ? { serverSeedHash: fields.hash.trim().toLowerCase() } : {}),
    });
    setResult(
      checked.ok
        ? { ok: true, shares: checked.value }
        : { ok: false, reason: reasonText(FAIR_PROBLEM_TEXT[checked.problem], english) },
    );
  }

  const items = t('redpackets.rule.items', { returnObjects: true }) as string[];
  const formula = t('redpackets.rule.formula', { returnObjects: true }) as string[];
  return (
    <div className="rp-page" data-testid="rp-rules">
      <section className="rp-section">
        <h2>{t('redpackets.rule.title')}</h2>
        <Lines lines={items} />
      </section>
      <section className="rp-section">
        <h2>{t('redpackets.rule.fairTitle')}</h2>
        <p>{t('redpackets.rule.fairText')}</p>
        <h2>{t('redpackets.rule.formulaTitle')}</h2>
        <Lines lines={formula} />
      </section>
      <section className="rp-section" data-testid="rp-example">
        <h2>{t('redpackets.rule.exampleTitle')}</h2>
        <p>{t('redpackets.rule.exampleText')}</p>
        <dl className="rp-verify">
          <dt className="rp-muted">{t('redpackets.serverSeed')}</dt>
          <dd className="rp-mono">{EXAMPLE.serverSeed}</dd>
          <dt className="rp-muted">{t('redpackets.seedHash')}</dt>
          <dd className="rp-mono">{redPacketSeedHash(EXAMPLE.serverSeed)}</dd>
        </dl>
        <table className="rp-example">
          <thead>
            <tr>
              <th>#</th>
              <th>USDT</th>
              <th>{t('redpackets.recorded')}</th>
              <th>{t('redpackets.form.mine')}</th>
            </tr>
          </thead>
          <tbody>
            {example.map((share, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td className="rp-mono">{usdtOf(share)}</td>
                <td>{shown(share)}</td>
                <td>{mineDigitOf(share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="rp-section" data-testid="rp-verifier">
        <h2>{t('redpackets.rule.verifierTitle')}</h2>
        <p className="rp-muted">{t('redpackets.rule.verifierText')}</p>
        {(
          [
            ['serverSeed', t('redpackets.serverSeed')],
            ['hash', t('redpackets.rule.hashLabel')],
            ['clientSeed', t('redpackets.clientSeed')],
            ['packetId', t('redpackets.rule.packetId')],
            ['total', t('redpackets.total')],
            ['shares', t('redpackets.shares')],
          ] as [keyof VerifierFields, string][]
        ).map(([key, label]) => (
          <div className="rp-field" key={key}>
            <label htmlFor={`rp-v-${key}`}>{label}</label>
            <Input
              id={`rp-v-${key}`}
              className="rp-input"
              value={fields[key]}
              onChange={set(key)}
              data-testid={`rp-v-${key}`}
            />
          </div>
        ))}
        <div className="rp-tabs">
          <Button
            size="small"
            fill="outline"
            onClick={() =>
              setFields({
                serverSeed: EXAMPLE.serverSeed,
                hash: redPacketSeedHash(EXAMPLE.serverSeed),
                clientSeed: EXAMPLE.clientSeed,
                packetId: String(EXAMPLE.packetId),
                total: EXAMPLE.total,
                shares: String(EXAMPLE.shares),
              })
            }
          >
            {t('redpackets.rule.fillExample')}
          </Button>
          <Button size="small" color="primary" onClick={compute} data-testid="rp-v-compute">
            {t('redpackets.rule.compute')}
          </Button>
        </div>
        {result ? (
          <div
            className={`rp-verify__result rp-verify__result--${result.ok ? 'ok' : 'failed'}`}
            role="status"
          >
            {result.ok ? (
              <table>
                <tbody>
                  {result.shares.map((share, i) => (
                    <tr key={i}>
                      <td>{i + 1}</td>
                      <td className="rp-mono">{usdtOf(share)}</td>
                      <td>{shown(share)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <strong>{t('redpackets.verifyFailed', { reason: result.reason })}</strong>
            )}
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** A numbered list of the lines of a translated text (the rules, the formula). */
function Lines({ lines }: { lines: string[] }) {
  return (
    <ol>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ol>
  );
}
