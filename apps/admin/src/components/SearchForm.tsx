import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, DatePicker, Form, Input, Select, type TablePaginationConfig } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { Params } from '../lib/http';
import i18n from '../i18n';

/**
 * The filter bar above a console list: its fields inline, then, when the list is by time, the time range
 * (field `range`), then 搜索. Every list is searched the same way, so one component keeps the bars alike.
 */
export function SearchForm<T extends object>({
  name,
  initialValues,
  onSearch,
  timeRange = false,
  style,
  children,
}: {
  /** The form's name, which prefixes its fields' ids (the browser tests find fields by them). */
  name: string;
  initialValues?: Partial<T>;
  onSearch: (values: T) => void;
  timeRange?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form<T>
      layout="inline"
      name={name}
      initialValues={initialValues}
      style={{ rowGap: 12, ...style }}
      onFinish={onSearch}
    >
      {children}
      {timeRange ? (
        <Form.Item name="range">
          <DatePicker.RangePicker showTime />
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
        {t('common.search')}
      </Button>
    </Form>
  );
}

/** A text filter of a search bar: clearable, and named by its placeholder, since the inline bar has no labels. */
export function TextFilter({
  name,
  placeholder,
  width,
}: {
  name: string;
  placeholder: string;
  width: number;
}) {
  return (
    <Form.Item name={name}>
      <Input allowClear placeholder={placeholder} style={{ width }} />
    </Form.Item>
  );
}

/** A choice filter of a search bar: clearable back to "any", named by its placeholder like a text filter. */
export function ChoiceFilter<V extends string | number>({
  name,
  placeholder,
  width,
  options,
  showSearch,
}: {
  name: string;
  placeholder: string;
  width: number;
  options: { value: V; label: ReactNode }[] | undefined;
  /** For a long list (the audit actions): typing narrows it. */
  showSearch?: boolean;
}) {
  return (
    <Form.Item name={name}>
      <Select
        allowClear
        showSearch={showSearch}
        // Typing matches the name shown or the value behind it (an audit action's name or its code).
        filterOption={(input, option) =>
          `${typeof option?.label === 'string' ? option.label : ''} ${option?.value ?? ''}`
            .toLowerCase()
            .includes(input.toLowerCase())
        }
        placeholder={placeholder}
        style={{ width }}
        options={options}
      />
    </Form.Item>
  );
}

/** The time range field of a list searched by time (`range`, added by `timeRange`). */
export type TimeRange = [Dayjs | null, Dayjs | null] | null;

/**
 * Filter values as query parameters: text trimmed (a pasted id often carries a space), a cleared choice
 * (null) left out, and the time range `range` as the contract's `from` and `to`.
 */
function searchParams(filters: object): Params {
  const { range, ...fields } = filters as { range?: TimeRange };
  return {
    ...(Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : (v ?? undefined)]),
    ) as Params),
    from: range?.[0]?.toISOString(),
    to: range?.[1]?.toISOString(),
  };
}

/** A server-paged list's page and size, 1-based like the contract's pageQuery, moved by antd's pagination. */
export function usePaging() {
  const [page, setPage] = useState({ page: 1, size: 20 });
  return {
    page,
    /** Back to page 1, keeping the size. */
    restart: () => setPage((p) => ({ ...p, page: 1 })),
    /** antd's pagination for a list of `total` rows, moving this page. */
    pagination: (total: number | undefined): TablePaginationConfig => ({
      current: page.page,
      pageSize: page.size,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, 100],
      showTotal: (n) => i18n.t('common.total', { n }),
      onChange: (p, s) => setPage({ page: p, size: s }),
    }),
  };
}

/**
 * A list's filters (a search form's values, or the state tab it shows) and page. A new search keeps the page
 * size and starts again from page 1: the page the operator was on may not exist among the new results.
 */
export function useSearchState<F extends object>(initial: F | (() => F)) {
  const [filters, setFilters] = useState<F>(initial);
  const paging = usePaging();
  return {
    filters,
    page: paging.page,
    /** The filters and the page as the list's query parameters (see `searchParams`). */
    params: { ...searchParams(filters), ...paging.page },
    search: (values: F) => {
      setFilters(values);
      paging.restart();
    },
    pagination: paging.pagination,
  };
}
