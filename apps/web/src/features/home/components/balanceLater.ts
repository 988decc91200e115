/**
 * What the signed-in balance card loads once the first screen is done (BalanceCard), as one import: the
 * refresh button, the in-game note and the counter. The build puts them, with the money helpers and icons
 * they use, in one file (vite.config.ts, the `balance` group), and the three parts arrive and render together.
 */
export { InGameNote, RefreshBalanceButton } from '../../auth/components/RefreshBalanceButton';
export { BALANCE_COUNT, CountUp } from './CountUp';
