import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatBalance } from '../../../lib/format';
import { useCheckInMutation, type VipList } from '../api/vipList';
import '../pages/vip.css';

/**
 * Today's VIP check-in (reward type 3): what the player's level pays and the button that takes it, or why
 * there is nothing to take (done today, or a level without a check-in reward). Shown on vipInfo and in the
 * benefit centre.
 */
export function CheckInCard({ checkIn }: { checkIn: VipList['check_in'] }) {
  const { t } = useTranslation();
  const mutation = useCheckInMutation();
  const none = Number(checkIn.amount) === 0;
  const checkInNow = async () => {
    try {
      const r = await mutation.mutateAsync();
      Toast.show({ content: t('vip.claimedOk', { amount: formatBalance(r.amount) }), icon: 'success' });
    } catch {
      // The client already toasted the server's reason.
    }
  };
  return (
    <div className="vip-checkin" data-testid="vip-checkin">
      <div>
        <div className="vip-reward__title">{t('vip.checkIn.title', { level: checkIn.level })}</div>
        <div className="vip-checkin__note">
          {none
            ? t('vip.checkIn.none', { level: checkIn.level })
            : t(checkIn.checked_in ? 'vip.checkIn.got' : 'vip.checkIn.amount', {
                amount: formatBalance(checkIn.amount),
              })}
        </div>
      </div>
      {checkIn.checked_in ? (
        <span className="vip-state vip-state--done">{t('vip.checkIn.done')}</span>
      ) : (
        <Button
          size="small"
          color="primary"
          shape="rounded"
          disabled={none}
          loading={mutation.isPending}
          onClick={() => void checkInNow()}
        >
          {t('vip.checkIn.button')}
        </Button>
      )}
    </div>
  );
}
