import { useState } from 'react';

/**
 * True from the first time `flag` is true. Overlays load their code on first open and then stay mounted so
 * their closing animation runs.
 */
export function useOnceTrue(flag: boolean): boolean {
  const [seen, setSeen] = useState(flag);
  if (flag && !seen) setSeen(true);
  return seen || flag;
}
