/**
 * Every table, for drizzle-kit (migrations) and the database client. Each table is owned by one module and
 * defined in its `<m>.schema.ts`; modules never import this file (ESLint forbids it), only their own schema.
 */
export * from '../../modules/auth/auth.schema';
export * from '../../modules/content/content.schema';
export * from '../../modules/wallet/wallet.schema';
export * from '../../modules/games/games.schema';
export * from '../../modules/providers/providers.schema';
export * from '../../modules/bets/bets.schema';
export * from '../../modules/originals/originals.schema';
export * from '../../modules/audit/audit.schema';
export * from '../../modules/operators/operators.schema';
export * from '../../modules/turnover/turnover.schema';
export * from '../../modules/withdrawals/withdrawals.schema';
export * from '../../modules/deposits/deposits.schema';
export * from '../../modules/telegram/telegram.schema';
export * from '../../modules/community/community.schema';
export * from '../../modules/channels/channels.schema';
export * from '../../modules/agents/agents.schema';
export * from '../../modules/vip/vip.schema';
export * from '../../modules/redpackets/redpackets.schema';
export * from '../../modules/promotions/promotions.schema';
