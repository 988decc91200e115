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

/** Shown where an image cannot load (a path the console's origin does not serve, a deleted upload). */
export const IMAGE_FALLBACK =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="48"><rect width="120" height="48" fill="#f0f0f0"/><path d="M48 32l8-10 6 7 4-5 6 8z" fill="#bfbfbf"/></svg>',
  );

/** A failed read, in the server's words (a 403 for a missing permission reads 拒绝访问). */
export function QueryError({ error }: { error: Error | null }) {
  if (!error) return null;
  return <Alert type="error" showIcon message={error.message} style={{ marginBottom: 16 }} role="alert" />;
}

/**
 * For `form.validateFields().then(send, ignoreInvalid)`: an invalid form already shows its messages beside
 * the fields; the rejection carries nothing more and would otherwise surface as an unhandled promise.
 */
export function ignoreInvalid(): void {}
