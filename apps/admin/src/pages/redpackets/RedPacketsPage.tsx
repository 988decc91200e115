import { useState } from 'react';
import { Button, Descriptions, Drawer, Switch, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AdminRedPacketRoom } from '@koi/contract';
import { useTranslation } from 'react-i18next';
import { BothNames, idColumn, timeCell } from '../../components/columns';
import { FormModal } from '../../components/FormModal';
import { CardTabs, Page } from '../../components/Page';
import { QueryTable, useSearchList } from '../../components/QueryTable';
import { ReasonField, useReasonPrompt } from '../../components/ReasonPrompt';
import { ChoiceFilter, SearchForm, TextFilter } from '../../components/SearchForm';
import { QueryError, labelledChoices } from '../../components/ui';
import { useCan } from '../../lib/permissions';
import { redPacketsApi, type AdminRedPacketRow, type RoomFields } from './api';
import { DecimalField, NumberField, TextField } from '../../components/FormFields';

type Filters = { room_id?: number; state?: string; player?: string };
const trim = (usdt: string) => usdt.replace(/\.?0+$/, '');

/** Create or edit a room: every field, checked again by the server with its own message. */
function RoomForm({ room, onClose }: { room: AdminRedPacketRoom | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormModal<RoomFields>
      name="redpacket-room"
      title={room ? `${t('redpackets.editRoom')} · ${room.name}` : t('redpackets.newRoom')}
      initialValues={
        room
          ? {
              name: room.name,
              name_en: room.name_en ?? '',
              min_stake: trim(room.min_stake),
              max_stake: trim(room.max_stake),
              shares_min: room.shares_min,
              shares_max: room.shares_max,
              mine_multiple: room.mine_multiple,
              fee_rate: room.fee_rate,
              lifetime_seconds: room.lifetime_seconds,
              sort: room.sort,
            }
          : {
              shares_min: 5,
              shares_max: 10,
              mine_multiple: '1',
              fee_rate: '5',
              lifetime_seconds: 300,
              sort: 0,
            }
      }
      submit={(values) =>
        room ? redPacketsApi.updateRoom(room.id, values) : redPacketsApi.createRoom(values)
      }
      onClose={onClose}
    >
      <TextField name="name" label={t('redpackets.name')} rules={[{ required: true, max: 32 }]} />
      <TextField
        name="name_en"
        label={t('redpackets.nameEn')}
        extra={t('redpackets.nameEnHint')}
        maxLength={64}
      />
      <DecimalField name="min_stake" label={t('redpackets.minStake')} rules={[{ required: true }]} />
      <DecimalField name="max_stake" label={t('redpackets.maxStake')} rules={[{ required: true }]} />
      <NumberField name="shares_min" label={t('redpackets.sharesMin')} min={5} max={10} required />
      <NumberField name="shares_max" label={t('redpackets.sharesMax')} min={5} max={10} required />
      <DecimalField name="mine_multiple" label={t('redpackets.multiple')} rules={[{ required: true }]} />
      <DecimalField name="fee_rate" label={t('redpackets.fee')} rules={[{ required: true }]} />
      <NumberField name="lifetime_seconds" label={t('redpackets.lifetime')} min={60} max={86400} required />
      <NumberField name="sort" label={t('redpackets.sort')} min={0} />
      <ReasonField />
    </FormModal>
  );
}

/** One packet, read-only: its terms, its grabs with real usernames, its seeds (the server seed after close). */
function PacketDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const packet = useQuery({ queryKey: ['admin', 'redpacket', id], queryFn: () => redPacketsApi.packet(id) });
  const p = packet.data;
  return (
    <Drawer open width={640} title={t('redpackets.detail', { id })} onClose={onClose}>
      <QueryError error={packet.error} />
      {p && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={t('redpackets.room')}>{p.room_name}</Descriptions.Item>
            <Descriptions.Item label={t('redpackets.sender')}>
              {p.sender_username} (#{p.sender_id})
            </Descriptions.Item>
            <Descriptions.Item label={t('redpackets.total')}>{trim(p.total)} USDT</Descriptions.Item>
            <Descriptions.Item label={t('redpackets.mine')}>
              {p.mine_digit ?? t('redpackets.noMine')}
            </Descriptions.Item>
            <Descriptions.Item label={t('redpackets.multiple')}>{p.mine_multiple}×</Descriptions.Item>
            <Descriptions.Item label={t('redpackets.fee')}>{p.fee_rate}</Descriptions.Item>
            <Descriptions.Item label={t('redpackets.state')}>
              {t(`redpackets.states.${p.state}`)}
              {p.close_reason ? ` · ${t(`redpackets.reasons.${p.close_reason}`)}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('redpackets.refunded')}>
              {p.refunded ? trim(p.refunded) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('redpackets.seedHash')} span={2}>
              <Typography.Text code copyable>
                {p.server_seed_hash}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('redpackets.clientSeed')} span={2}>
              {p.client_seed}
            </Descriptions.Item>
            <Descriptions.Item label={t('redpackets.serverSeed')} span={2}>
              {p.server_seed ? (
                <Typography.Text code copyable>
                  {p.server_seed}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('redpackets.seedHidden')}</Typography.Text>
              )}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('redpackets.grabs')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="seq"
            pagination={false}
            dataSource={p.grabs.map((g) => ({ ...g, ...p.grabbers.find((x) => x.seq === g.seq) }))}
            columns={[
              { title: t('redpackets.seq'), dataIndex: 'seq', width: 60 },
              { title: t('redpackets.player'), render: (_, r) => `${r.username} (#${r.player_id})` },
              { title: t('redpackets.share'), dataIndex: 'share' },
              {
                title: t('redpackets.hit'),
                dataIndex: 'mine_hit',
                render: (hit: boolean, r) => (hit ? <Tag color="red">{r.mine_payment}</Tag> : '—'),
              },
              { title: t('redpackets.grabbedAt'), dataIndex: 'created_at', render: timeCell },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

/**
 * Red packets in the console: rooms (create, edit, close; each change audited with its reason) and packets,
 * read-only, so an operator can answer a player's question about a split but never change one.
 */
export function RedPacketsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const mayWrite = can('POST /api/admin/redpacket/rooms');
  const rooms = useQuery({ queryKey: ['admin', 'redpacket-rooms'], queryFn: redPacketsApi.rooms });
  const packets = useSearchList<Filters, AdminRedPacketRow>('redpacket-packets', {}, redPacketsApi.packets);
  const [editing, setEditing] = useState<AdminRedPacketRoom | 'new' | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [ask, holder] = useReasonPrompt();

  const roomList = (
    <QueryTable<AdminRedPacketRoom>
      query={rooms}
      columns={[
        idColumn(60),
        {
          title: t('redpackets.name'),
          render: (_, r) => <BothNames zh={r.name} en={r.name_en} />,
        },
        {
          title: t('redpackets.stake'),
          render: (_, r) => `${trim(r.min_stake)} – ${trim(r.max_stake)}`,
        },
        { title: t('redpackets.shares'), render: (_, r) => `${r.shares_min} – ${r.shares_max}` },
        {
          title: t('redpackets.multiple'),
          dataIndex: 'mine_multiple',
          render: (v: string) => `${v}×`,
        },
        { title: t('redpackets.fee'), dataIndex: 'fee_rate' },
        { title: t('redpackets.lifetime'), dataIndex: 'lifetime_seconds' },
        { title: t('redpackets.open'), dataIndex: 'open_packets' },
        {
          title: t('redpackets.enabled'),
          dataIndex: 'enabled',
          render: (on: boolean, r) => (
            <Switch
              checked={on}
              disabled={!mayWrite}
              aria-label={`${r.name} ${t('redpackets.enabled')}`}
              onChange={(next) =>
                ask({
                  title: `${next ? t('redpackets.reopen') : t('redpackets.close')} · ${r.name}`,
                  danger: !next,
                  run: (reason) => redPacketsApi.updateRoom(r.id, { enabled: next, reason }),
                })
              }
            />
          ),
        },
        {
          title: '',
          render: (_, r) =>
            mayWrite && (
              <Button size="small" onClick={() => setEditing(r)}>
                {t('redpackets.edit')}
              </Button>
            ),
        },
      ]}
    />
  );
  const packetList = (
    <>
      <SearchForm<Filters> name="redpacket-filters" style={{ marginBottom: 16 }} onSearch={packets.search}>
        <ChoiceFilter
          name="room_id"
          placeholder={t('redpackets.room')}
          width={200}
          options={rooms.data?.map((r) => ({ value: r.id, label: r.name }))}
        />
        <ChoiceFilter
          name="state"
          placeholder={t('redpackets.state')}
          width={140}
          options={labelledChoices(t, 'redpackets.states', ['open', 'closed'] as const)}
        />
        <TextFilter name="player" placeholder={t('redpackets.playerFilter')} width={180} />
      </SearchForm>
      <QueryTable<AdminRedPacketRow>
        list={packets}
        onRow={(r) => ({ onClick: () => setViewing(r.id), style: { cursor: 'pointer' } })}
        columns={[
          idColumn(70),
          { title: t('redpackets.room'), dataIndex: 'room_name' },
          { title: t('redpackets.sender'), dataIndex: 'sender' },
          { title: t('redpackets.total'), dataIndex: 'total', render: trim },
          { title: t('redpackets.grabbed'), render: (_, r) => `${r.grabbed}/${r.shares}` },
          {
            title: t('redpackets.mine'),
            dataIndex: 'mine_digit',
            render: (d: number | null) => d ?? t('redpackets.noMine'),
          },
          {
            title: t('redpackets.state'),
            render: (_, r) => (
              <Tag color={r.state === 'open' ? 'green' : undefined}>
                {t(`redpackets.states.${r.state}`)}
                {r.close_reason ? ` · ${t(`redpackets.reasons.${r.close_reason}`)}` : ''}
              </Tag>
            ),
          },
          {
            title: t('redpackets.seedHash'),
            dataIndex: 'server_seed_hash',
            render: (h: string) => <Typography.Text code>{h.slice(0, 12)}…</Typography.Text>,
          },
          { title: t('redpackets.created'), dataIndex: 'created_at', render: timeCell },
        ]}
      />
    </>
  );

  return (
    <Page
      title={t('menu.redpackets')}
      hint={t('redpackets.hint')}
      extra={
        mayWrite && (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('redpackets.newRoom')}
          </Button>
        )
      }
    >
      <CardTabs
        tabs={[
          ['rooms', 'redpackets.rooms', roomList],
          ['packets', 'redpackets.packets', packetList],
        ]}
      />
      {editing && <RoomForm room={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {viewing !== null && <PacketDrawer id={viewing} onClose={() => setViewing(null)} />}
      {holder}
    </Page>
  );
}
