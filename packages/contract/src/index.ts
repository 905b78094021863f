export * from './errors';
export * from './config';
