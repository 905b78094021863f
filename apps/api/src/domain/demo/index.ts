export { DEMO_ACCOUNTS, DEMO_TEACHER } from './accounts';
export { DEMO_RESET_AFTER_MS, resetDemo, resetDemoIfDue, startDemo } from './reset';
export type { DemoSeed } from './seed';
