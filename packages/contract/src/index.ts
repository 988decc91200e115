export * from './enums';
export * from './errors';
export * from './common';
export * from './envelope';
export * from './auth';
export * from './content';
export * from './games';
export * from './wallet';
