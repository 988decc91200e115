/**
 * The console's wire of something players see (a banner, a place to buy): the players' wire of it, plus whether
 * it is shown to them and when it was made.
 */
export const consoleWire =
  <R, W>(playerWire: (row: R) => W) =>
  (row: R & { enabled: boolean; createdAt: Date }) => ({
    ...playerWire(row),
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
  });
