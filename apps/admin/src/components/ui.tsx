import { Alert, Typography } from 'antd';
import dayjs from 'dayjs';

/** Times on the wire are ISO 8601 (UTC); operators read them in their browser's time zone, to the second. */
export function fmtTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—';
}

/** A decimal USDT string as sent by the server, never parsed into a float; negative amounts in red. */
export function Money({ value, signed }: { value: string | null | undefined; signed?: boolean }) {
  if (value === null || value === undefined) return <>—</>;
  const negative = value.startsWith('-');
  const text = signed && !/^[-+]/.test(value) && !/^0(\.0*)?$/.test(value) ? `+${value}` : value;
  return (
    <Typography.Text type={negative ? 'danger' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {text}
    </Typography.Text>
  );
}

/** A failed read, in the server's words (a 403 for a missing permission reads 拒绝访问). */
export function QueryError({ error }: { error: Error | null }) {
  if (!error) return null;
  return <Alert type="error" showIcon message={error.message} style={{ marginBottom: 16 }} role="alert" />;
}

/** Server paging for antd tables: 1-based `page` and `size` like the contract's pageQuery. */
export function pagination(
  page: number,
  size: number,
  total: number | undefined,
  onChange: (p: number, s: number) => void,
) {
  return {
    current: page,
    pageSize: size,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (n: number) => `${n}`,
    onChange,
  };
}
