import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * The pages' content security policy (sent on every answer; on JSON it costs nothing). Everything
 * loads from the portal's own origin: the shell, the remotes under /remotes/<name>/ (manifest
 * fetched, entries and chunks as script tags), images, sounds, the API and the WebSocket
 * (CSP Level 3 'self' covers ws:/wss: of the page's own host). The built bundles hold no inline
 * script and no eval (webpack's production devtool is off); styles must allow 'unsafe-inline'
 * because antd's cssinjs and style-loader inject <style> tags. No page may be framed.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // Not upgrade-insecure-requests: a portal served over plain http (an intranet, localhost) would break.
  'upgrade-insecure-requests': null,
};

/**
 * Security headers on every answer, as onRequest hooks registered before all other hooks (so that
 * a refusal by the rate limit or the X-Requested-With check carries them too): the CSP above,
 * X-Frame-Options DENY, X-Content-Type-Options nosniff, Referrer-Policy no-referrer,
 * Strict-Transport-Security (ignored by browsers over http) and helmet's other defaults.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      frameguard: { action: 'deny' },
      // The portal's own host only: other services of the same domain may still be plain http.
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
    });
  },
  { name: 'security-headers' },
);
