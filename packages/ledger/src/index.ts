export * from './money';
export * from './fees';
export * from './codes';
export * from './invariants';
