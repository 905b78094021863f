import { useMutation } from '@tanstack/react-query';
import { de } from '../i18n/de';
import { toast, toastApiError } from './toast';

/** A data export as a mutation: a status line while it runs, a toast with the file name or the error. */
export function useDataExport<T>(download: (input: T) => Promise<string>) {
  return useMutation({
    mutationFn: download,
    onSuccess: (fileName) => toast.success(de.dataRights.exported(fileName)),
    onError: (error) => toastApiError(error, de.dataRights.exportFailed),
  });
}
