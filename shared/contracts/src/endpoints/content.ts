import { z } from 'zod';
import { endpoint } from './define';

/** Public, cacheable content: no session needed, so the pictures load like any image. */
export const contentEndpoints = {
  banner: endpoint({
    method: 'GET',
    path: '/content/banners/{id}.svg',
    auth: 'public',
    tag: 'content',
    summary: '轮播图片 (SVG)',
    // The server's route takes canonical ids only ('007.svg' is no picture: 404).
    params: z.object({ id: z.string().transform(Number) }),
    answer: 'file',
    produces: ['image/svg+xml'],
    errors: [404],
  }),
  publicBanner: endpoint({
    method: 'GET',
    path: '/content/public-banners/{id}.svg',
    auth: 'public',
    tag: 'content',
    summary: '官网轮播图片 (SVG)',
    params: z.object({ id: z.string().transform(Number) }),
    answer: 'file',
    produces: ['image/svg+xml'],
    errors: [404],
  }),
  casePicture: endpoint({
    method: 'GET',
    path: '/content/cases/{id}.svg',
    auth: 'public',
    tag: 'content',
    summary: '成功案例图片 (SVG, 企业与标题)',
    params: z.object({ id: z.string().transform(Number) }),
    answer: 'file',
    produces: ['image/svg+xml'],
    errors: [404],
  }),
  caseThumbnail: endpoint({
    method: 'GET',
    path: '/content/cases/{id}/thumbnail.svg',
    auth: 'public',
    tag: 'content',
    summary: '成功案例缩略图 (SVG)',
    params: z.object({ id: z.string().transform(Number) }),
    answer: 'file',
    produces: ['image/svg+xml'],
    errors: [404],
  }),
};
