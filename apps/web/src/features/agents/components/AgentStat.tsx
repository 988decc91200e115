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
