export * from './accounts';
export * from './content';
export * from './wallet';
export * from './games';
export * from './providers';
export * from './originals';
export * from '../../modules/operators/operators.schema';
export * from '../../modules/withdrawals/withdrawals.schema';
