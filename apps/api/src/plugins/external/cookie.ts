import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

export default fp(cookie, { name: 'cookie-wrapper' });
