import type { ServerResponse } from 'node:http';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Stripe.js and its frames (checkout), as Stripe documents them. */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

export interface SecurityHeadersSettings {
  production: boolean;
  /** Firebase's auth domain when Google sign-in is real; the development provider is same-origin. */
  firebaseAuthDomain?: string | undefined;
  /** Whether Stripe.js is loaded (payment provider `stripe`); the demo provider needs no host. */
  stripe?: boolean;
}

/**
 * Helmet's settings for every page and API answer. The CSP allows the app's own files only, plus
 * exactly what Google sign-in (Firebase mode) and Stripe's checkout (provider `stripe`) load: no inline script or style
 * anywhere, no images from elsewhere, no framing of the app (`frame-ancestors 'none'` and
 * X-Frame-Options DENY). HSTS only in production, where the app is served over HTTPS.
 */
export function helmetOptions(settings: SecurityHeadersSettings) {
  const firebase = settings.firebaseAuthDomain
    ? {
        // signInWithPopup loads Google's API loader and talks to the auth handler in an iframe.
        script: ['https://apis.google.com'],
        frame: [`https://${settings.firebaseAuthDomain}`],
        connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
      }
    : { script: [], frame: [], connect: [] };
  const stripe = settings.stripe ? STRIPE : { script: [], frame: [], connect: [] };
  const frames = [...firebase.frame, ...stripe.frame];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...firebase.script, ...stripe.script],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...firebase.connect, ...stripe.connect],
        frameSrc: frames.length > 0 ? frames : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrcAttr: ["'none'"],
      },
    },
    // The Google sign-in popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
    frameguard: { action: 'deny' as const },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    strictTransportSecurity: settings.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  } satisfies FastifyHelmetOptions;
}

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
