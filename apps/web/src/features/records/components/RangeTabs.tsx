import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/Tabs';
import { TIME_RANGES, type TimeRange } from '../api/records';
import './RangeTabs.css';

/**
 * Spec §2: every record screen filters by yesterday / today / the last 7 days. The agent screens show the
 * same tabs in their own style (`className`).
 */
export function RangeTabs({
  value,
  onChange,
  className = 'range-tabs',
}: {
  value: TimeRange;
  onChange: (r: TimeRange) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      className={className}
      value={value}
      onChange={onChange}
      tabs={TIME_RANGES.map((r) => ({ key: r, label: t(`records.range.${r}`) }))}
    />
  );
}

/** `range` from the address (so a reload or a shared link keeps the tab); today when absent or invalid. */
export function parseRange(value: string | null): TimeRange {
  const n = Number(value);
  return n === 1 || n === 2 || n === 3 ? n : 2;
}
