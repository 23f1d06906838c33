export * from './platform';
export * from './entities';
export * from './events';
export * from './alerts';
export * from './rules';
export * from './screening';
export * from './people';
export * from './setup';
