import type { RedPacketRoom } from '@koi/contract';

/** The rooms as a row of chips, the current one lit: the room switcher of /game and of the send form. */
export function RoomChips({
  rooms,
  current,
  onPick,
}: {
  rooms: RedPacketRoom[];
  current: number;
  onPick: (room: RedPacketRoom) => void;
}) {
  return rooms.map((r) => (
    <button
      key={r.id}
      type="button"
      className={`rp-room-chip ${r.id === current ? 'rp-room-chip--active' : ''}`}
      onClick={() => onPick(r)}
    >
      {r.name}
    </button>
  ));
}
