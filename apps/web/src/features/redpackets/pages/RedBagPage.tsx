import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Input, Toast, type InputProps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading, PageState } from '../../../components/PageState';
import { formatBalance } from '../../../lib/format';
import { useAuthStore } from '../../../stores/auth';
import { SignInFirst } from '../../auth/components/SignInFirst';
import { useUserInfoQuery } from '../../auth/api/userInfo';
import { useRoomsQuery } from '../api/rooms';
import { useSendMutation, type SendRequest } from '../api/send';
import { RoomChips } from '../components/RoomChips';
import '../redpackets.css';

const DIGITS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * /redBag: the send form. The server checks every rule again and answers with its own message; the form
 * keeps one idempotency key per packet the player means to send, so a retried tap never sends two.
 */
export default function RedBagPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useAuthStore((s) => Boolean(s.token));
  const [params] = useSearchParams();
  const rooms = useRoomsQuery(signedIn);
  const user = useUserInfoQuery();
  const [roomId, setRoomId] = useState<number | null>(Number(params.get('room')) || null);
  const room = rooms.data?.find((r) => r.id === roomId) ?? rooms.data?.[0] ?? null;
  const [total, setTotal] = useState('');
  const [shares, setShares] = useState<number | null>(null);
  const [mine, setMine] = useState<number | null>(null);
  const [clientSeed, setClientSeed] = useState('');
  const send = useSendMutation();
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const shareChoices = useMemo(
    () =>
      room
        ? Array.from({ length: room.shares_max - room.shares_min + 1 }, (_, i) => room.shares_min + i)
        : [],
    [room],
  );

  if (!signedIn)
    return <SignInFirst text={t('redpackets.signIn')} actionText={t('redpackets.signInAction')} />;
  if (rooms.isPending) return <PageLoading />;
  if (rooms.isError) return <PageState kind="error" onRetry={() => void rooms.refetch()} />;
  if (!room) return <PageState kind="empty" text={t('redpackets.noRooms')} />;
  const chosenShares = shares !== null && shareChoices.includes(shares) ? shares : room.shares_min;

  function submit() {
    if (!room) return;
    if (!total.trim()) {
      Toast.show({ content: t('redpackets.form.missingTotal') });
      return;
    }
    const request: Omit<SendRequest, 'idempotency_key'> = {
      room_id: room.id,
      total: total.trim(),
      shares: String(chosenShares),
      mine_digit: mine === null ? '' : String(mine),
      client_seed: clientSeed.trim(),
    };
    const fingerprint = JSON.stringify(request);
    // The same packet retried keeps its key; a changed form is a new packet.
    if (!attempt.current || attempt.current.fingerprint !== fingerprint) {
      attempt.current = { key: crypto.randomUUID(), fingerprint };
    }
    send.mutate(
      { ...request, idempotency_key: attempt.current.key },
      {
        onSuccess: (packet) => {
          attempt.current = null;
          Toast.show({ content: t('redpackets.form.sent') });
          navigate(`/game?room=${packet.room_id}`, { replace: true });
        },
      },
    );
  }

  return (
    <div className="rp-page" data-testid="rp-send-form">
      <section className="rp-section">
        <div className="rp-field">
          <span>{t('redpackets.form.room')}</span>
          <div className="rp-rooms">
            <RoomChips rooms={rooms.data!} current={room.id} onPick={(r) => setRoomId(r.id)} />
          </div>
        </div>
        <InputField
          id="rp-total"
          label={t('redpackets.form.total')}
          inputMode="decimal"
          value={total}
          onChange={setTotal}
          placeholder={t('redpackets.form.totalHint', {
            min: formatBalance(room.min_stake, 2),
            max: formatBalance(room.max_stake, 2),
          })}
          data-testid="rp-total"
        >
          <span className="rp-muted">
            {t('redpackets.form.balance', { balance: formatBalance(user.data?.balance ?? '0') })}
          </span>
        </InputField>
        <div className="rp-field">
          <span>{t('redpackets.form.shares')}</span>
          <div className="rp-digits rp-digits--shares">
            {shareChoices.map((n) => (
              <Digit key={n} on={n === chosenShares} onPick={() => setShares(n)}>
                {n}
              </Digit>
            ))}
          </div>
        </div>
        <div className="rp-field">
          <span>{t('redpackets.form.mine')}</span>
          <div className="rp-digits">
            <Digit on={mine === null} onPick={() => setMine(null)}>
              {t('redpackets.form.mineNone')}
            </Digit>
            {DIGITS.map((d) => (
              <Digit key={d} on={mine === d} onPick={() => setMine(d)} testId={`rp-mine-${d}`}>
                {d}
              </Digit>
            ))}
          </div>
          <span className="rp-muted">
            {t('redpackets.form.mineHint', { multiple: room.mine_multiple, fee: room.fee_rate })}
          </span>
        </div>
        <InputField
          id="rp-seed"
          label={t('redpackets.form.clientSeed')}
          value={clientSeed}
          maxLength={64}
          onChange={setClientSeed}
          placeholder={t('redpackets.form.clientSeedHint')}
        />
        <Button
          block
          color="danger"
          size="large"
          shape="rounded"
          loading={send.isPending}
          loadingText={t('redpackets.form.sending')}
          onClick={submit}
          data-testid="rp-submit"
        >
          {t('redpackets.form.submit')}
        </Button>
      </section>
    </div>
  );
}

/** One choice of a row of digits (the shares, the mine digit): pressed when chosen. */
/** A labelled text field of the form, with what `children` adds under it. */
function InputField({
  id,
  label,
  children,
  ...input
}: InputProps & { id: string; label: string; children?: ReactNode }) {
  return (
    <div className="rp-field">
      <label htmlFor={id}>{label}</label>
      <Input id={id} className="rp-input" {...input} />
      {children}
    </div>
  );
}

function Digit({
  on,
  onPick,
  testId,
  children,
}: {
  on: boolean;
  onPick: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`rp-digit ${on ? 'rp-digit--on' : ''}`}
      onClick={onPick}
      aria-pressed={on}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
