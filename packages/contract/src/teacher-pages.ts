/** The element id of the page's data (TanStack Query's dehydrated cache) beside the server's markup. */
export const TEACHER_PAGE_DATA_ID = 'app-data';

/**
 * The web build's renderer of a teacher page for the server (`apps/web/src/app.server.tsx`, built into
 * `dist/.ssr/`). `request` answers the page's API requests in-process (the API's own routes, with the
 * session's token, so every check of the JSON routes applies). null: the page is not rendered (no usable
 * session in the cookie, a redirect, an error or a path outside the list); the server sends the empty app.
 */
export type TeacherPageRenderer<
  /** `RequestInit` and `Response` of fetch: the contract is built without the DOM's or Node's types. */
  Init,
  Answer,
> = (page: {
  /** Path and query of the page. */
  url: string;
  /** The request's `Cookie` header: the session as @supabase/ssr stores it. */
  cookie: string;
  request: (path: string, init: Init) => Promise<Answer>;
}) => Promise<{ html: string; data: unknown } | null>;

/**
 * Marks the app's empty `index.html` (no names, no data): the service worker keeps only responses with this
 * header for offline use, never a page rendered with a teacher's data or a public page (ADR 019, 036).
 */
export const APP_SHELL_HEADER = 'x-app-shell';
