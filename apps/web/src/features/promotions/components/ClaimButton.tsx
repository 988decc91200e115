import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/http';
import { showToast } from '../../../lib/toast';
import { useUiStore } from '../../../stores/ui';
import { useClaimMutation } from '../api/claim';
import type { PromotionItem } from '../api/taskList';
import { useTimeLeft } from './Countdown';

/**
 * The claim button and, beneath it, why it cannot be pressed (the server's reason in the player's language:
 * not reached yet, already claimed, budget used up, frozen, self-excluded, barred, a linked account claimed).
 */
export function ClaimButton({ item }: { item: PromotionItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openLogin = useUiStore((s) => s.openLogin);
  const claim = useClaimMutation();
  const nextIn = useTimeLeft(item.state === 'locked' ? item.next_at : null);
  const failure = claim.error instanceof ApiError ? claim.error.message : null;

  if (item.state === 'info') {
    return (
      <Button block color="primary" shape="rounded" onClick={() => navigate('/promote')}>
        {t('promotions.inviteFriends')}
      </Button>
    );
  }
  if (item.state === 'guest') {
    return (
      <Button block color="primary" shape="rounded" onClick={() => openLogin(1)}>
        {t('promotions.signInToClaim')}
      </Button>
    );
  }
  const label =
    item.state === 'claimable'
      ? t('promotions.claimAmount', { amount: item.amount })
      : item.state === 'claimed'
        ? t('promotions.claimedAmount', { amount: item.amount })
        : t('promotions.claim');
  const reason = failure ?? (item.state === 'locked' ? item.refusal : null);
  return (
    <div className="promo-claim">
      <Button
        block
        color="primary"
        shape="rounded"
        disabled={item.state !== 'claimable'}
        loading={claim.isPending}
        onClick={() =>
          claim.mutate(item.id, {
            onSuccess: (r) => showToast(t('promotions.claimedToast', { amount: r.amount })),
          })
        }
      >
        {label}
      </Button>
      {reason ? (
        <p className="promo-claim__reason" role="alert">
          {reason}
          {nextIn ? ` · ${t('promotions.nextIn', { time: nextIn })}` : ''}
        </p>
      ) : null}
    </div>
  );
}
