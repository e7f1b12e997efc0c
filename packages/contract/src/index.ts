export * from './envelope';
export * from './auth';
export * from './dashboard';
export * from './notifications';
export * from './paths';
