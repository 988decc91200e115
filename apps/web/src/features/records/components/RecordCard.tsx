import type { ReactNode } from 'react';

/**
 * One row of a record screen: a title with its amount, then a line of details with something on its right
 * (a stake, a balance, a state). Rows with more to say (a hash, a reason, fairness data) add them as
 * children. A row that leads to another screen is a button (`onClick`).
 */
export function RecordCard({
  title,
  amount,
  meta,
  aside,
  testId,
  onClick,
  children,
}: {
  title: ReactNode;
  amount: ReactNode;
  meta: ReactNode;
  aside: ReactNode;
  testId?: string;
  onClick?: () => void;
  children?: ReactNode;
}) {
  const rows = (
    <>
      <div className="record-card__row">
        <span className="record-card__title">{title}</span>
        {amount}
      </div>
      <div className="record-card__row record-card__meta">
        <span>{meta}</span>
        {aside}
      </div>
      {children}
    </>
  );
  return onClick ? (
    <button type="button" className="record-card record-card--link" data-testid={testId} onClick={onClick}>
      {rows}
    </button>
  ) : (
    <div className="record-card" data-testid={testId}>
      {rows}
    </div>
  );
}

/** The totals above a record list, on the brand gradient: a label over each figure. */
export function RecordSummary({
  testId,
  figures,
}: {
  testId: string;
  figures: readonly { label: string; value: ReactNode }[];
}) {
  return (
    <div className="hero record-summary" data-testid={testId}>
      {figures.map(({ label, value }) => (
        <div key={label}>
          <small>{label}</small>
          <strong>{value}</strong>
        </div>
      ))}
    </div>
  );
}
