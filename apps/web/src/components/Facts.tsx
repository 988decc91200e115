import { Fragment, type ReactNode } from 'react';

/** One entry of a Facts list: what it is, and its value. */
export type Fact = [label: ReactNode, value: ReactNode];

/**
 * Labelled values as a definition list (a round's or a packet's fairness data); every value takes
 * `valueClassName`, as seeds and hashes are set in a monospaced face.
 */
export function Facts({ facts, valueClassName }: { facts: Fact[]; valueClassName?: string }) {
  return (
    <dl>
      {facts.map(([label, value], i) => (
        <Fragment key={i}>
          <dt>{label}</dt>
          <dd className={valueClassName}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
