import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { DestinationStream } from 'pino';
import type { Env } from './env';
import localAuth from './local-auth';
import { loggerOptions, requestLogFields } from './logger';
import ai from './plugins/app/ai';
import auth, { withAccess } from './plugins/app/auth';
import control from './plugins/app/control';
import correctionJobs from './plugins/app/correction-jobs';
import pdfExportJobs from './plugins/app/pdf-export-jobs';
import retentionJobs from './plugins/app/retention-jobs';
import scanReadJobs from './plugins/app/scan-read-jobs';
import demo from './plugins/app/demo';
import errors, { clientError, frameworkError, sendError } from './plugins/app/errors';
import listCache from './plugins/app/list-cache';
import mailer from './plugins/app/mailer';
import realtime from './plugins/app/realtime';
import schoolDirectory from './plugins/app/school-directory';
import sessionRevocations from './plugins/app/session-revocations';
import spa from './plugins/app/spa';
import storage from './plugins/app/storage';
import supabaseAdmin from './plugins/app/supabase-admin';
import tikz from './plugins/app/tikz';
import cookie from './plugins/external/cookie';
import db from './plugins/external/db';
import helmet from './plugins/external/helmet';
import jobs from './plugins/external/jobs';
import multipart from './plugins/external/multipart';
import rateLimit from './plugins/external/rate-limit';
import swagger from './plugins/external/swagger';
import underPressure from './plugins/external/under-pressure';
import routes from './routes';
import health from './routes/api/health';

export interface BuildAppOptions {
  /** Pretty logs for a terminal; JSON otherwise. */
  prettyLogs?: boolean;
  /** Take operator commands over DATA_DIR/control.sock (embedded database only). Off for the CLI itself. */
  controlSocket?: boolean;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** One log line per request ("request completed" carries the request too): logging is a large share of a request's cost. */
class CompletedOnly extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = requestLogFields(request, reply.statusCode, reply.elapsedTime);
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Builds the whole application without listening. Tests call this and use `inject()`; server.ts listens. */
export async function buildApp(env: Env, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify<Server>({
    logger: loggerOptions(env, { pretty: options.prettyLogs ?? false, stream: options.logStream }),
    // Trust exactly as many proxy hops as configured (0 = take the socket address).
    trustProxy: (_address: string, hop: number) => hop < env.TRUST_PROXY,
    // Keep a caller's request id if it looks sane, so logs line up across a proxy.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    logController: new CompletedOnly(),
    // Ids longer than find-my-way's default of 100 characters still reach their route, which answers them
    // as any unknown or malformed id; otherwise the path fell through to the SPA's wildcard and looked like
    // a wrong method (405).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    // Errors of the router itself (a path id over 2048 characters, a bad URL escape) and of HTTP parsing in
    // the one error shape.
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // While closing, answer in-flight requests with `Connection: close` so their keep-alive sockets end with
  // the response; otherwise close() would wait for the idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  app.decorate('config', env);
  await app.register(fp(async () => {}, { name: 'config' }));
  await app.register(errors);

  // External plugins first, then app plugins, then routes.
  await app.register(helmet);
  await app.register(cookie);
  await app.register(multipart);
  await app.register(db);
  // After the database: on PostgreSQL the counters live there, shared by every API process.
  await app.register(rateLimit);
  // Ended sessions are known before the first token is checked.
  await app.register(sessionRevocations);
  await app.register(auth);
  // WORKERS=only: a process that runs the job workers and answers nothing but /api/health.
  const serving = env.WORKERS !== 'only';
  if (serving) await app.register(swagger);
  await app.register(listCache);
  await app.register(underPressure);
  await app.register(mailer);
  await app.register(storage);
  await app.register(ai);
  await app.register(schoolDirectory);
  await app.register(tikz);
  // The job queue; the correction workers need the AI too (no provider: none), the export workers do not.
  await app.register(jobs);
  await app.register(correctionJobs);
  await app.register(pdfExportJobs);
  await app.register(retentionJobs);
  await app.register(scanReadJobs);
  await app.register(realtime);
  if (!env.SUPABASE_URL) await app.register(localAuth);
  await app.register(supabaseAdmin);
  // The API processes seed the demo; a worker process that did too would race them.
  if (serving) await app.register(demo);
  if (options.controlSocket !== false) await app.register(control);

  if (serving) {
    await app.register(spa);
    await app.register(routes);
  } else {
    await app.register(
      withAccess('public', async (scope) => {
        await scope.register(health);
      }),
    );
    app.setNotFoundHandler((_request, reply) => sendError(reply, 'NOT_FOUND'));
  }
  return app;
}
