import { Alert, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

/** Times on the wire are ISO 8601 (UTC); operators read them in their browser's time zone, to the second. */
export function fmtTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—';
}

/**
 * How the console writes an amount in a table or a figure: the server's decimal string cut (never rounded, and
 * never parsed into a float) to at most four decimals and padded to at least two, so columns line up and a
 * six-decimal micro-USDT value does not wrap. `exact` says whether anything was cut; then the full value is
 * shown on hover.
 */
export function moneyText(value: string): { text: string; exact: boolean } {
  const match = /^([-+]?)(\d+)(?:\.(\d*))?$/.exec(value);
  if (!match) return { text: value, exact: true };
  const [, sign, whole, fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  const shown = significant.slice(0, 4).padEnd(2, '0');
  return { text: `${sign}${whole}.${shown}`, exact: significant.length <= 4 };
}

/** A decimal USDT string as sent by the server (see moneyText); negative amounts in red. */
export function Money({ value, signed }: { value: string | null | undefined; signed?: boolean }) {
  if (value === null || value === undefined) return <>—</>;
  const negative = value.startsWith('-');
  const { text: short, exact } = moneyText(value);
  const text = signed && !/^[-+]/.test(short) && !/^0(\.0*)?$/.test(short) ? `+${short}` : short;
  return (
    <Typography.Text
      type={negative ? 'danger' : undefined}
      style={{
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        ...(exact ? {} : { textDecoration: 'underline dotted', cursor: 'help' }),
      }}
      title={exact ? undefined : value}
    >
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

/**
 * The options of a choice among fixed values (a status filter, a role), each shown by its text under `prefix`
 * in the console's strings, `prefix.<value>`.
 */
export const labelledChoices = <V extends string | number>(
  t: TFunction,
  prefix: string,
  values: readonly V[],
) => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
