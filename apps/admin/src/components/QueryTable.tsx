import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Params } from '../lib/http';
import { QueryError } from './ui';

/**
 * A console list read from the server, cached under `['admin', name, params]`: every write refreshes
 * `['admin']`, so the list follows what the operator changed. The rows on screen stay while another page or
 * search loads, so the table greys out instead of flashing empty.
 */
export function useListQuery<R>(
  name: string,
  params: Params,
  load: (params: Params) => Promise<R>,
  options: { refetchInterval?: number } = {},
) {
  return useQuery({
    queryKey: ['admin', name, params],
    queryFn: () => load(params),
    placeholderData: keepPreviousData,
    ...options,
  });
}

/** The server sends a list either whole, as its rows, or one page at a time, as `{ data, total }`. */
type Rows<T> = T[] | { data: T[]; total?: number };

type QueryTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'pagination'> & {
  /** The read behind the table (a react-query result): its rows, its failure, whether it is loading. */
  query: { data?: Rows<T>; error: Error | null; isFetching: boolean };
  /** A paged list's state (`usePaging`, `useSearchState`); without it the table shows every row it has. */
  paging?: { pagination: (total: number | undefined) => TablePaginationConfig };
};

/**
 * The table of a console list: the read's failure above it in the server's words, the rows keyed by `id`
 * and compact (the console's norm; a roomier list says `size`), greyed out while the read is under way, and
 * paged on the server when the list is paged.
 */
export function QueryTable<T extends object>({
  query,
  paging,
  rowKey = 'id',
  size = 'small',
  ...table
}: QueryTableProps<T>) {
  const page = Array.isArray(query.data) ? { data: query.data } : query.data;
  return (
    <>
      <QueryError error={query.error} />
      <Table<T>
        rowKey={rowKey}
        size={size}
        loading={query.isFetching}
        dataSource={page?.data}
        pagination={paging ? paging.pagination(page?.total) : false}
        {...table}
      />
    </>
  );
}
