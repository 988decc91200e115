import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSearchState } from '../../components/SearchForm';
import { Money, fmtTime } from '../../components/ui';
import type { Page } from '../../lib/api';
import type { Params } from '../../lib/http';

/** A TRON address or transaction id: monospace, copyable, shortened in the middle when `short`. */
export function ChainText({ value, short }: { value: string | null | undefined; short?: boolean }) {
  if (!value) return <>—</>;
  const shown = short && value.length > 20 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value;
  return (
    <Typography.Text code copyable={{ text: value }} title={value} style={{ whiteSpace: 'nowrap' }}>
      {shown}
    </Typography.Text>
  );
}

/** A player as `username (#id)`, linking to their detail. */
export function PlayerLink({ player }: { player: { id: number; username: string } | null | undefined }) {
  if (!player) return <>—</>;
  return <Link to={`/players/${player.id}`}>{`${player.username} (#${player.id})`}</Link>;
}

const COLORS: Record<string, string> = {
  pending: 'gold',
  completed: 'green',
  expired: 'default',
  seen: 'blue',
  credited: 'green',
  unmatched: 'orange',
  foreign_token: 'red',
  queued: 'orange',
  awaiting_approval: 'gold',
  matched: 'green',
  refunded: 'purple',
  ignored: 'default',
};

/** A state of an order, a chain transfer or a queue row, in words and a colour. */
export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[state] ?? 'default'}>{t(`deposits.state.${state}`)}</Tag>;
}

/** Page title with an optional line under it. */
export function PageHead({ title, hint, extra }: { title: string; hint?: ReactNode; extra?: ReactNode }) {
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
      <Space direction="vertical" size={0}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
      </Space>
      {extra}
    </Space>
  );
}

/** A cell that never wraps (times and amounts read badly broken over lines). */
export function NoWrap({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}

/** Column renderers for times and amounts that keep them on one line. */
export const timeCell = (iso: string | null) => <NoWrap>{fmtTime(iso)}</NoWrap>;
export const moneyCell = (value: string) => (
  <NoWrap>
    <Money value={value} />
  </NoWrap>
);

/** Filter form values of a list screen: text fields and an optional time range. */
export type ListFilters = Record<string, string | undefined> & {
  range?: [Dayjs | null, Dayjs | null] | null;
};

/**
 * A filtered, server-paged list: the submitted filters (text trimmed, the range as from/to), page and size
 * become the query; a new search starts at page 1.
 */
export function useFilteredPage<T>(
  name: string,
  initial: ListFilters,
  load: (params: Params) => Promise<Page<T>>,
) {
  const state = useSearchState<ListFilters>(initial);
  const { range, ...fields } = state.filters;
  const params: Params = {
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])),
    from: range?.[0]?.toISOString(),
    to: range?.[1]?.toISOString(),
    ...state.page,
  };
  const list = useQuery({
    queryKey: ['admin', name, params],
    queryFn: () => load(params),
    placeholderData: keepPreviousData,
  });
  return {
    list,
    filters: state.filters,
    search: state.search,
    pagination: state.pagination(list.data?.total),
  };
}
