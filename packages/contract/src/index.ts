export * from './errors.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './market-constants.ts';
export * from './api-keys.ts';
export * from './chat.ts';
