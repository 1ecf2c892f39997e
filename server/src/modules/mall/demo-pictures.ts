import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../http/errors';
import { escapeXml } from '../content/banner-svg';

/**
 * The demo's pictures of the points mall: goods, carousel banners and success cases, drawn as
 * small SVGs with their title (no image files to ship). Served only by the demo (`npm start`,
 * server/src/demo/main.ts registers demoMallPicturesPlugin); the production start has no such
 * route, and its goods have whatever pictures the operator gives them.
 *
 * Under /rest, so that the frontends' dev servers (which forward /rest) reach them too.
 */
export const DEMO_MALL_PICTURES_PATH = '/rest/demo-assets/mall';

/** A picture of the demo: its kind (its size), the title drawn on it and a smaller line under it. */
export interface DemoPicture {
  kind: 'goods' | 'banners' | 'cases';
  title: string;
  subtitle: string;
}

/** The address of the demo picture `name` ('goods/1.svg'). */
export const demoPictureUrl = (name: string): string => `${DEMO_MALL_PICTURES_PATH}/${name}`;

const SIZES: Record<DemoPicture['kind'], { width: number; height: number; title: number; subtitle: number }> = {
  goods: { width: 480, height: 360, title: 34, subtitle: 22 },
  banners: { width: 1200, height: 300, title: 52, subtitle: 28 },
  cases: { width: 640, height: 360, title: 34, subtitle: 22 },
};
const PALETTES: ReadonlyArray<readonly [string, string]> = [
  ['#1f6feb', '#5ab0ff'],
  ['#d9480f', '#ffa94d'],
  ['#2b8a3e', '#69db7c'],
  ['#5f3dc4', '#b197fc'],
  ['#c2255c', '#faa2c1'],
];

/** The width of `text` in ems, roughly: a CJK character one, anything else about half. */
const ems = (text: string): number => [...text].reduce((sum, char) => sum + (/[\u2e80-\uffef]/.test(char) ? 1 : 0.55), 0);
/** The font size at most `max` that fits `text` in `width`. */
const fitted = (text: string, max: number, width: number): number => Math.max(10, Math.min(max, Math.floor(width / Math.max(1, ems(text)))));

/** The SVG of a demo picture; `seed` picks its colours. Texts are escaped (they are text in markup). */
export function renderDemoPicture(picture: DemoPicture, seed: number): string {
  const { width, height, title, subtitle } = SIZES[picture.kind];
  const [from, to] = PALETTES[Math.abs(seed) % PALETTES.length];
  const font = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif";
  const x = Math.round(width * 0.08);
  const titleSize = fitted(picture.title, title, width - 2 * x);
  const subtitleSize = fitted(picture.subtitle, subtitle, width - 2 * x);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">
<title>${escapeXml(picture.title)}</title>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width * 0.85}" cy="${height * 0.2}" r="${height * 0.45}" fill="#ffffff" fill-opacity="0.12"/>
<text x="${x}" y="${Math.round(height * 0.5)}" font-family="${font}" font-size="${titleSize}" font-weight="700" fill="#ffffff">${escapeXml(picture.title)}</text>
<text x="${x}" y="${Math.round(height * 0.5 + subtitle * 1.8)}" font-family="${font}" font-size="${subtitleSize}" fill="#ffffff" fill-opacity="0.9">${escapeXml(picture.subtitle)}</text>
</svg>`;
}

/**
 * GET /rest/demo-assets/mall/{kind}/{n}.svg: the demo's pictures (`pictures`, by 'kind/n.svg'),
 * public and cacheable like the content pictures; any other name is a 404.
 */
export const demoMallPicturesPlugin: FastifyPluginAsync<{ pictures: ReadonlyMap<string, DemoPicture> }> = async (app, { pictures }) => {
  const names = [...pictures.keys()];
  app.get<{ Params: { kind: string; file: string } }>(`${DEMO_MALL_PICTURES_PATH}/:kind/:file`, async (request, reply) => {
    const name = `${request.params.kind}/${request.params.file}`;
    const picture = pictures.get(name);
    if (!picture) throw notFound();
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(renderDemoPicture(picture, names.indexOf(name)));
  });
};
