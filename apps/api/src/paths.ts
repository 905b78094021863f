import { fileURLToPath } from 'node:url';

// This file sits directly under src/ (and is bundled into dist/server.js), so `..` is the package root
// in both cases.
export const apiRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
