import { errorCatalog, type ErrorCode } from '@app/contract';

/**
 * The one error type services throw. The error handler turns it into the JSON shape of ARCHITECTURE.md §6
 * with the status and German message of the contract's catalog.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
    options?: { cause?: unknown },
  ) {
    super(errorCatalog[code].message, options);
    this.name = 'AppError';
    this.statusCode = errorCatalog[code].status;
  }
}
