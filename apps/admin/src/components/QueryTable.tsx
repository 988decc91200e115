import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Params } from '../lib/http';
import { useSearchState } from './SearchForm';
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

/** The read behind a table (a react-query result): its rows, its failure, whether it is loading. */
type Read<T> = { data?: Rows<T>; error: Error | null; isFetching: boolean };

/** A paged list's state (`usePaging`, `useSearchState`): antd's pagination for a list of `total` rows. */
type Paging = { pagination: (total: number | undefined) => TablePaginationConfig };

/**
 * A console list searched by filters and read one page at a time: the filters (`filters`, `search`), the page
 * and the read they ask for (`query`), so that a page declares its list once and hands it whole to its table.
 */
export function useSearchList<F extends object, T>(
  name: string,
  initial: F | (() => F),
  load: (params: Params) => Promise<Rows<T>>,
  options: { refetchInterval?: number } = {},
) {
  const view = useSearchState<F>(initial);
  return { ...view, query: useListQuery(name, view.params, load, options) };
}

type QueryTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'pagination'> &
  (
    | {
        query: Read<T>;
        /** Without it the table shows every row it has. */
        paging?: Paging;
        list?: undefined;
      }
    | {
        /** A searched list (`useSearchList`): its read and its page in one. */
        list: Paging & { query: Read<T> };
        query?: undefined;
        paging?: undefined;
      }
  );

/**
 * The table of a console list: the read's failure above it in the server's words, the rows keyed by `id`
 * and compact (the console's norm; a roomier list says `size`), greyed out while the read is under way, and
 * paged on the server when the list is paged.
 */
export function QueryTable<T extends object>({
  query: read,
  paging: pager,
  list,
  rowKey = 'id',
  size = 'small',
  ...table
}: QueryTableProps<T>) {
  const { query, paging } = list ? { query: list.query, paging: list } : { query: read, paging: pager };
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
