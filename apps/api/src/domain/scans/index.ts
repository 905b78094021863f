export { readScannedStack } from './stack';
