import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDatabase, type Database, type DatabaseDriver, type DatabaseHandle } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle over PGlite or node-postgres (ADR 003). Pass a transaction down instead inside one. */
    db: Database;
    dbDriver: DatabaseDriver;
    /** true when the database answers within 2 s; never throws. */
    dbPing: () => Promise<boolean>;
    /** LISTEN on a channel of the database (NOTIFY from triggers or other processes); see DatabaseHandle. */
    dbListen: DatabaseHandle['listen'];
  }
}

/** Opens the database named by the config, migrates it when MIGRATE is on, and closes it with the app. */
export default fp(
  async function dbPlugin(app: FastifyInstance) {
    const database = await createDatabase(app.config, {
      onPoolError: (err) => app.log.error({ err }, 'Postgres-Verbindung unterbrochen'),
    });
    if (app.config.MIGRATE) {
      try {
        await database.migrate();
      } catch (err) {
        await database.close();
        throw err;
      }
      app.log.debug({ driver: database.driver }, 'Migrationen angewendet');
    }
    app.decorate('db', database.db);
    app.decorate('dbDriver', database.driver);
    app.decorate('dbPing', database.ping);
    app.decorate('dbListen', database.listen);
    app.addHook('onClose', () => database.close());
  },
  { name: 'db', dependencies: ['config'], decorators: { fastify: ['config'] } },
);
