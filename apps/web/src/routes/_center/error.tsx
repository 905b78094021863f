import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ErrorPage } from './-components/ErrorPage';

/** Query values may arrive as numbers or booleans (the router JSON-parses them); show them as text. */
const ZText = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((value) => String(value))
  .optional()
  .catch(undefined);

const ZErrorSearch = z.object({
  message: ZText,
  header: ZText,
});

export const Route = createFileRoute('/_center/error')({
  validateSearch: ZErrorSearch,
  component: ErrorRoute,
});

function ErrorRoute() {
  const { message, header } = Route.useSearch();
  return <ErrorPage header={header} message={message} />;
}
