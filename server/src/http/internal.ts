import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The API calls the server makes to itself while rendering a visitor page (plugins/site.ts): they
 * carry this header with a secret of the process, so that the per-address rate limit counts the
 * page once (as a page, that is not at all), not each of its reads as the server's own address.
 * A request from outside cannot know the secret.
 */
export const INTERNAL_RENDER_HEADER = 'x-portal-render';
export const internalRenderToken: string = randomBytes(24).toString('hex');

export const isInternalRender = (request: FastifyRequest): boolean => request.headers[INTERNAL_RENDER_HEADER] === internalRenderToken;
