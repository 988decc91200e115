import type { ReactNode } from 'react';

/**
 * One figure of the agent screens, laid out by `.agent-stats`: its label above the value, and under it an
 * optional note (the amount beside a count).
 */
export function AgentStat({
  label,
  value,
  note,
  testId,
  valueTestId,
}: {
  label: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  testId?: string;
  valueTestId?: string;
}) {
  return (
    <div className="agent-stat" data-testid={testId}>
      <small>{label}</small>
      <strong data-testid={valueTestId}>{value}</strong>
      {note !== undefined && <small>{note}</small>}
    </div>
  );
}

/** The right-hand end of an agent list row: its figure (an amount in the money colour), a line under it. */
export function AgentRowEnd({ value, note, money }: { value: ReactNode; note: ReactNode; money?: boolean }) {
  return (
    <div className="agent-row__end">
      <strong className={money ? 'agent-money' : undefined}>{value}</strong>
      <small>{note}</small>
    </div>
  );
}
