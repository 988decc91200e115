export * from './money';
export * from './codes';
export * from './invariants';
