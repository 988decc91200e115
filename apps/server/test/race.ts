import { expect } from 'vitest';
import type { ErrorKey } from '@koi/contract';
import { AppError } from '../src/errors';

/**
 * Checks how calls that raced each other ended: `through` of them went through, and every other one was
 * refused with the AppError `refusedWith`. Any other failure fails the check too, since a race that ends in
 * an unexpected error is the bug the race test is looking for.
 */
export function expectRaceOutcome(
  outcomes: PromiseSettledResult<unknown>[],
  expected: { through: number; refusedWith: ErrorKey },
) {
  const through = outcomes.filter((o) => o.status === 'fulfilled');
  const refused = outcomes.filter(
    (o) => o.status === 'rejected' && o.reason instanceof AppError && o.reason.key === expected.refusedWith,
  );
  expect(through).toHaveLength(expected.through);
  expect(refused).toHaveLength(outcomes.length - expected.through);
}
