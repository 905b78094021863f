// Every table, grouped by feature. drizzle-kit reads this file (drizzle.config.ts); createDatabase() passes
// it to drizzle() for relational queries.
export * from './subjects';
export * from './classes';
export * from './tasks';
export * from './submissions';
export * from './users';
export * from './rubrics';
export * from './feedback';
export * from './grade-changes';
export * from './notifications';
export * from './coins';
export * from './sessions';
export * from './schools';
export * from './pdf-exports';
export * from './rate-limits';
export * from './retention';
