export {
  queueStackReading,
  runScanRead,
  SCAN_READ_QUEUE,
  stackPagesUnread,
  type ScanReadJobData,
} from './jobs';
