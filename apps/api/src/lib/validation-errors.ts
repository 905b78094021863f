import { errorCatalog, type ErrorCode } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error';

/**
 * PRODUCT.md §5 gives some validation failures their own message ('Fehlende Informationen für die Klasse',
 * 'Aufgaben-Titel ist erforderlich' …). The contract's schemas carry that message on the issue; this turns a
 * request validation failure whose issue carries the message of one of `codes` into that AppError (code,
 * status and message from the catalog, the issues in `details`). Everything else goes on unchanged to the
 * app's error handler. Call it once inside a route module: it applies to that module's routes only.
 */
export function mapValidationErrors(app: FastifyInstance, codes: readonly ErrorCode[]): void {
  const byMessage = new Map<string, ErrorCode>(codes.map((code) => [errorCatalog[code].message, code]));
  app.setErrorHandler((err) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const code = err.validation.map((issue) => byMessage.get(issue.message ?? '')).find((c) => c);
      if (code) {
        const location = err.validationContext ?? 'body';
        const details = err.validation.map((issue) => ({
          path: issue.instancePath.split('/').filter(Boolean),
          message: issue.message,
          location,
        }));
        throw new AppError(code, details);
      }
    }
    // The parent (app-wide) handler answers everything else.
    throw err;
  });
}
