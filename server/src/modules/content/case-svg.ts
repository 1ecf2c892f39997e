import { escapeXml } from './banner-svg';

/** Background gradients of the generated case pictures, picked by case id. */
const PALETTES: ReadonlyArray<readonly [string, string]> = [
  ['#0b7285', '#66d9e8'],
  ['#c2255c', '#faa2c1'],
  ['#1864ab', '#74c0fc'],
  ['#e67700', '#ffd43b'],
  ['#2f9e44', '#8ce99a'],
  ['#6741d9', '#b197fc'],
];

const FONT = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif";

/** At most `max` characters, with an ellipsis when cut (a picture has one line per text). */
const clip = (text: string, max: number): string =>
  Array.from(text).length > max
    ? `${Array.from(text)
        .slice(0, max - 1)
        .join('')}…`
    : text;

export interface CasePictureFields {
  id: number;
  title: string;
  company: string;
  industry: string;
}

/**
 * A success case's picture (800x450: industry, company and title) or thumbnail (400x300: industry
 * and company). Drawn by the server so the pages need no image files; every text is escaped,
 * since it is text in markup.
 */
export function renderCaseSvg(item: CasePictureFields, size: 'picture' | 'thumbnail'): string {
  const [from, to] = PALETTES[item.id % PALETTES.length];
  const [width, height] = size === 'picture' ? [800, 450] : [400, 300];
  const scale = width / 800;
  const px = (value: number) => Math.round(value * scale);
  const industry = item.industry ? clip(item.industry, 12) : '';
  const lines = [
    `<text x="${px(56)}" y="${px(size === 'picture' ? 220 : 250)}" font-family="${FONT}" font-size="${px(size === 'picture' ? 48 : 64)}" font-weight="700" fill="#ffffff">${escapeXml(clip(item.company, size === 'picture' ? 14 : 10))}</text>`,
  ];
  if (size === 'picture') {
    lines.push(
      `<text x="${px(56)}" y="${px(290)}" font-family="${FONT}" font-size="${px(28)}" fill="#ffffff" fill-opacity="0.92">${escapeXml(clip(item.title, 24))}</text>`,
    );
  }
  const tag = industry
    ? `<rect x="${px(56)}" y="${px(96)}" rx="${px(18)}" width="${px(36 + Array.from(industry).length * 26)}" height="${px(44)}" fill="#ffffff" fill-opacity="0.2"/>
<text x="${px(74)}" y="${px(127)}" font-family="${FONT}" font-size="${px(24)}" fill="#ffffff">${escapeXml(industry)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${px(700)}" cy="${px(60)}" r="${px(160)}" fill="#ffffff" fill-opacity="0.12"/>
<circle cx="${px(760)}" cy="${px(420)}" r="${px(110)}" fill="#ffffff" fill-opacity="0.10"/>
${tag}
${lines.join('\n')}
</svg>`;
}
