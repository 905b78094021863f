export { asciiSlug, exportClassData, exportStudentData, type DataExport } from './export';
export {
  RETENTION_NOTICE_MS,
  retentionDueAt,
  runRetention,
  schoolYearOf,
  type RetentionRun,
} from './retention';
