/** Background gradients of the generated banners, picked by banner id. */
const PALETTES: ReadonlyArray<readonly [string, string]> = [
  ['#1f6feb', '#5ab0ff'],
  ['#d9480f', '#ffa94d'],
  ['#2b8a3e', '#69db7c'],
  ['#5f3dc4', '#b197fc'],
];

export const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);

/**
 * A 1200x360 banner picture with the banner's title and subtitle. Drawn by the server so the
 * demo carousel needs no image files; titles are escaped, since they are text in markup.
 */
export function renderBannerSvg(banner: { id: number; title: string; subtitle: string }): string {
  const [from, to] = PALETTES[banner.id % PALETTES.length];
  const font = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360" viewBox="0 0 1200 360">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="360" fill="url(#g)"/>
<circle cx="1040" cy="80" r="180" fill="#ffffff" fill-opacity="0.12"/>
<circle cx="1120" cy="320" r="120" fill="#ffffff" fill-opacity="0.10"/>
<text x="80" y="170" font-family="${font}" font-size="56" font-weight="700" fill="#ffffff">${escapeXml(banner.title)}</text>
<text x="80" y="240" font-family="${font}" font-size="30" fill="#ffffff" fill-opacity="0.9">${escapeXml(banner.subtitle)}</text>
</svg>`;
}
