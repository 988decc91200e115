import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, DatePicker, Form } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pagination } from './ui';

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

/**
 * A list's filters and page. A search keeps the page size and starts again from page 1: the page the
 * operator was on may not exist among the new results.
 */
export function useSearchState<F>(initial: F | (() => F)) {
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState({ page: 1, size: 20 });
  return {
    filters,
    page,
    search: (values: F) => {
      setFilters(values);
      setPage((p) => ({ ...p, page: 1 }));
    },
    /** antd's pagination for a list of `total` rows, moving this state's page. */
    pagination: (total: number | undefined) =>
      pagination(page.page, page.size, total, (p, s) => setPage({ page: p, size: s })),
  };
}
