import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatBalance } from '../../../lib/format';
import { useUserInfoQuery } from '../../auth/api/userInfo';
import { useRechargeOrderQuery, type RechargeOrder } from '../api/recharge';
import { copyText } from '../copy';
import { formatCountdown, useCountdown } from './useCountdown';
import { CloseButton } from '../../../components/CloseButton';
import './DepositPopup.css';

/**
 * Deposit info popup (spec §2): QR code, address with copy, the TRC20 label, TRON-only note, deposit amount,
 * the exact amount to send (highlighted: decision 20 makes it unique per open order, so it is what matches
 * the transfer), validity counting down, and the warning. While open it follows the order until it is
 * credited (then the new balance) or expired.
 */
export function DepositPopup({
  order,
  visible,
  onClose,
  onEnded,
}: {
  order: RechargeOrder;
  visible: boolean;
  onClose: () => void;
  /** Called when the player closes a popup whose order was credited or expired: nothing is left to reopen. */
  onEnded?: () => void;
}) {
  const { t } = useTranslation();
  const seconds = useCountdown(order.expires_at);
  const state = useRechargeOrderQuery(order.order_id, visible);
  const user = useUserInfoQuery();
  const status = state.data?.status ?? 2;
  const expired = status === 3 || (status === 2 && seconds === 0);
  const close = () => {
    onClose();
    if (status === 1 || expired) onEnded?.();
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={close}
      onClose={close}
      position="bottom"
      bodyClassName="deposit-popup"
      destroyOnClose
    >
      <div className="deposit-popup__head">
        <strong>{t('money.depositTitle')}</strong>
        <CloseButton className="deposit-popup__close" onClose={close} />
      </div>
      {status === 1 ? (
        <div
          className="deposit-popup__result deposit-popup__result--ok"
          role="status"
          data-testid="deposit-success"
        >
          <strong>{t('money.depositCredited', { amount: formatBalance(state.data?.actual_amount) })}</strong>
          <span>{t('money.newBalance', { balance: formatBalance(user.data?.balance) })}</span>
          <Button color="primary" block onClick={close}>
            {t('common.confirm')}
          </Button>
        </div>
      ) : expired ? (
        <div className="deposit-popup__result" role="status" data-testid="deposit-expired">
          <strong>{t('money.depositExpired')}</strong>
          <span>{t('money.depositExpiredHint')}</span>
          <Button color="primary" fill="outline" block onClick={close}>
            {t('common.close')}
          </Button>
        </div>
      ) : (
        <div className="deposit-popup__body">
          <img
            className="deposit-popup__qr"
            src={order.qrcode}
            alt={t('money.qrAlt')}
            width={180}
            height={180}
          />
          <div className="deposit-popup__row">
            <span className="deposit-popup__label">{t('money.address')}</span>
            <span className="chip">TRC20</span>
          </div>
          <div className="deposit-popup__address">
            <code data-testid="deposit-address">{order.address}</code>
            <Button size="mini" color="primary" fill="outline" onClick={() => void copyText(order.address)}>
              {t('money.copy')}
            </Button>
          </div>
          <p className="deposit-popup__note">{t('money.tronOnly')}</p>
          <dl className="deposit-popup__amounts">
            <div>
              <dt>{t('money.depositAmount')}</dt>
              <dd>{order.amount} USDT</dd>
            </div>
            <div className="deposit-popup__actual">
              <dt>{t('money.actualAmount')}</dt>
              <dd data-testid="deposit-actual">
                {order.actual_amount} USDT
                <Button
                  size="mini"
                  fill="none"
                  color="primary"
                  onClick={() => void copyText(order.actual_amount)}
                  aria-label={t('money.copyAmount')}
                >
                  {t('money.copy')}
                </Button>
              </dd>
            </div>
            <div>
              <dt>{t('money.validity', { minutes: order.change_over_time })}</dt>
              <dd data-testid="deposit-countdown" className="deposit-popup__countdown">
                {formatCountdown(seconds)}
              </dd>
            </div>
          </dl>
          <p className="deposit-popup__warning" role="note">
            {t('money.depositWarning')}
          </p>
          <p className="deposit-popup__waiting">{t('money.waitingPayment')}</p>
          {/* Only a server configured with the sandbox (development, demos) sends this link; production never does. */}
          {order.sandbox_wallet_url && (
            <a
              className="deposit-popup__sandbox"
              href={order.sandbox_wallet_url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="deposit-sandbox-link"
            >
              {t('money.sandboxPay')}
            </a>
          )}
        </div>
      )}
    </Popup>
  );
}
