import type { ReactNode } from 'react';
import { Space, Typography, type TableColumnType as ColumnType } from 'antd';
import { Link } from 'react-router';
import { Money, fmtTime } from './ui';

/*
 * How the console's tables show the values they share (players, amounts, times, missing values), so that a
 * value reads the same on every screen and a new table names its columns instead of restating their cells.
 */

/** A player as `username (#id)`, linking to their detail. */
export function PlayerLink({ player }: { player: { id: number; username: string } | null | undefined }) {
  if (!player) return <>—</>;
  return <Link to={`/players/${player.id}`}>{`${player.username} (#${player.id})`}</Link>;
}

/** A name players see in Chinese and, greyed beside it, in English when it has one. */
export function BothNames({ zh, en }: { zh: string; en: string | null }) {
  return (
    <Space>
      <span>{zh}</span>
      <Typography.Text type="secondary">{en}</Typography.Text>
    </Space>
  );
}

/** A cell that never wraps (a time reads badly broken over two lines). */
function NoWrap({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}

/** The row's player (`player_id`, `username`), linking to their detail. */
export const playerColumn = <T extends { player_id: number; username: string }>(
  title: ReactNode,
): ColumnType<T> => ({
  title,
  render: (_, r) => <PlayerLink player={{ id: r.player_id, username: r.username }} />,
});

/** The row's id, narrow and first, as every list shows it. */
export const idColumn = <T,>(width?: number): ColumnType<T> => ({ title: 'ID', dataIndex: 'id', width });

/** A time on one line, for the wide lists that scroll sideways rather than wrap. */
export const timeCell = (iso: string | null) => <NoWrap>{fmtTime(iso)}</NoWrap>;

/** A value the row may not have (no IP, no inviter), shown as a dash. */
export const orDash = (value: ReactNode) => value ?? '—';

/**
 * An amount column: the server's decimal string as sent, right-aligned in tabular figures; `signed` shows
 * the sign of a credit too (+10.5), for columns where money goes both ways.
 */
export function moneyColumn<T>(
  title: ReactNode,
  dataIndex: keyof T & string,
  { signed, ...column }: { signed?: boolean } & ColumnType<T> = {},
): ColumnType<T> {
  return {
    title,
    dataIndex,
    align: 'right',
    render: (value: string) => <Money value={value} signed={signed} />,
    ...column,
  };
}
