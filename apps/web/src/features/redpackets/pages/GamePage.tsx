import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { RedPacketGrabResult } from '@koi/contract';
import { PageLoading, PageState, QueryStates } from '../../../components/PageState';
import { formatBalance } from '../../../lib/format';
import { useAuthStore } from '../../../stores/auth';
import { SignInFirst } from '../../auth/components/SignInFirst';
import { useRoomFeedQuery } from '../api/feed';
import { useGrabMutation } from '../api/grab';
import { useRoomEvents } from '../api/roomEvents';
import { useRoomsQuery } from '../api/rooms';
import { GrabOverlay } from '../components/GrabOverlay';
import { PacketCard } from '../components/PacketCard';
import { RoomChips } from '../components/RoomChips';
import '../redpackets.css';

/**
 * /game: the live red-packet room. Packets arrive and fill as they are grabbed, pushed by the room's topic on
 * the events stream; a grab opens the envelope with the share (and the mine, when it was hit).
 */
export default function GamePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useAuthStore((s) => Boolean(s.token));
  const [params, setParams] = useSearchParams();
  const rooms = useRoomsQuery(signedIn);
  const wanted = Number(params.get('room'));
  const room = rooms.data?.find((r) => r.id === wanted) ?? rooms.data?.[0] ?? null;
  const feed = useRoomFeedQuery(room?.id ?? null);
  const { live } = useRoomEvents(room?.id ?? null);
  const grab = useGrabMutation();
  const [opened, setOpened] = useState<RedPacketGrabResult | null>(null);

  if (!signedIn)
    return <SignInFirst text={t('redpackets.signIn')} actionText={t('redpackets.signInAction')} />;
  if (rooms.isPending) return <PageLoading />;
  if (rooms.isError) return <PageState kind="error" onRetry={() => void rooms.refetch()} />;
  if (!room) return <PageState kind="empty" text={t('redpackets.noRooms')} />;

  return (
    <div className="rp-page" data-testid="rp-room">
      <nav className="rp-rooms" aria-label={t('redpackets.room')}>
        <RoomChips
          rooms={rooms.data!}
          current={room.id}
          onPick={(r) => setParams({ room: String(r.id) }, { replace: true })}
        />
      </nav>
      <div className="rp-room-terms">
        <span className="rp-muted">
          {t('redpackets.roomTerms', {
            min: formatBalance(room.min_stake, 2),
            max: formatBalance(room.max_stake, 2),
            sharesMin: room.shares_min,
            sharesMax: room.shares_max,
            multiple: room.mine_multiple,
          })}
        </span>
        <span className={`rp-live ${live ? 'rp-live--on' : ''}`} data-testid="rp-live" data-live={live}>
          {live ? t('redpackets.live') : t('redpackets.reconnecting')}
        </span>
      </div>

      <QueryStates query={feed} emptyText={t('redpackets.noPackets')}>
        {(packets) => (
          <div className="rp-list">
            {packets.map((packet) => (
              <PacketCard
                key={packet.id}
                packet={packet}
                grabbing={grab.isPending && grab.variables === packet.id}
                onGrab={(id) => grab.mutate(id, { onSuccess: (result) => setOpened(result) })}
              />
            ))}
          </div>
        )}
      </QueryStates>

      <div className="rp-actions">
        <Button size="middle" fill="outline" onClick={() => navigate('/redRule')}>
          {t('redpackets.rules')}
        </Button>
        <Button size="middle" fill="outline" onClick={() => navigate('/historyList')}>
          {t('redpackets.history')}
        </Button>
        <Button
          size="middle"
          color="danger"
          onClick={() => navigate(`/redBag?room=${room.id}`)}
          data-testid="rp-send-link"
        >
          {t('redpackets.send')}
        </Button>
      </div>
      {opened ? <GrabOverlay result={opened} onClose={() => setOpened(null)} /> : null}
    </div>
  );
}
