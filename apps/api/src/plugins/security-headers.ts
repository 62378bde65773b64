import type { ServerResponse } from 'node:http';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Helmet's settings for every response: what the web app may load and who may frame it. */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: [
        "'self'",
        'https://apis.google.com',
        'https://js.stripe.com',
        'https://www.gstatic.com',
      ],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: [
        "'self'",
        'https://*.googleapis.com',
        'https://*.firebaseapp.com',
        'https://api.stripe.com',
      ],
      frameSrc: [
        "'self'",
        'https://*.firebaseapp.com',
        'https://accounts.google.com',
        'https://js.stripe.com',
      ],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // The Google sign-in popup talks back to its opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
} satisfies FastifyHelmetOptions;

type HeaderValue = ReturnType<ServerResponse['getHeader']>;

/**
 * Helmet's headers on every response, worked out once. Registered globally, @fastify/helmet builds a
 * new helmet middleware (parsing the CSP directives again) for each request; with these fixed
 * options (no per-request nonces) the headers never change, so the first request runs helmet and
 * the headers it set are copied onto every later response, the same way helmet sets them.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: FastifyHelmetOptions) => {
    await app.register(helmet, { ...options, global: false });
    let headers: [string, NonNullable<HeaderValue>][] | undefined;
    app.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      if (headers) {
        for (const [name, value] of headers) raw.setHeader(name, value);
        return done();
      }
      const before = raw.getHeaders();
      reply.helmet();
      headers = raw
        .getHeaderNames()
        .filter((name) => raw.getHeader(name) !== before[name])
        .map((name) => [name, raw.getHeader(name)!]);
      done();
    });
  },
  { name: 'security-headers' },
);
