import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../http/errors';
import { escapeXml } from '../modules/content/banner-svg';
import { demoChatKeys } from '../modules/chat/seed';
import { chatWidgetTag } from '@portal/contracts/chat/constants';

/** The demo's landing pages (npm start only; the production start has no such route). */
export const DEMO_LANDING_PATH = '/demo/landing';

const page = (title: string, body: string): string => `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}</title>
<style>
/* The landing page's own CSS, deliberately rough on buttons and boxes: the widget's shadow root keeps it out. */
*{box-sizing:content-box}
body{margin:0;font-family:"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#222;background:#fafafa}
button{font-size:22px!important;background:#e8590c!important;border:4px dashed #222!important;transform:rotate(-2deg)}
.hero{padding:64px 24px;background:linear-gradient(135deg,#d9480f,#ffa94d);color:#fff;text-align:center}
.hero h1{margin:0 0 12px;font-size:40px}
main{max-width:880px;margin:0 auto;padding:32px 24px}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:16px}
.card{padding:20px;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
footer{padding:24px;text-align:center;color:#666;font-size:13px}
a{color:#1864ab}
</style>
</head>
<body>
${body}
</body>
</html>
`;

/**
 * GET /demo/landing: the demo projects' landing pages, listed; GET /demo/landing/{itemId}: the
 * landing page of one of the demo customer's projects, with the chat widget of that project's chat
 * key (seedDemoChatKeysIfMissing gives each project one). A visitor chats there; the demo customer
 * answers in the portal's chat panel, and a phone number left there becomes a smart-chat lead of
 * that project. Registered only by the demo entry (server/src/demo/main.ts).
 */
export const demoLandingPlugin: FastifyPluginAsync = async (app) => {
  app.get(DEMO_LANDING_PATH, async (_request, reply) => {
    const keys = await demoChatKeys(app.db);
    const links = keys.map((row) => `<li><a href="${DEMO_LANDING_PATH}/${row.itemId}">${escapeXml(row.itemTitle)}</a></li>`).join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page('演示落地页', `<main><h1>演示落地页</h1><p>每个演示项目一个落地页，右下角是在线咨询。</p><ul>${links}</ul></main>`));
  });

  app.get<{ Params: { itemId: string } }>(`${DEMO_LANDING_PATH}/:itemId`, async (request, reply) => {
    const itemId = Number(request.params.itemId);
    const row = Number.isSafeInteger(itemId) ? (await demoChatKeys(app.db)).find((key) => key.itemId === itemId) : undefined;
    if (!row) throw notFound();
    const title = escapeXml(row.itemTitle);
    const body = `<header class="hero"><h1>${title}</h1><p>品牌总部直营扶持 · 全程开店指导 · 区域保护</p></header>
<main>
<h2>为什么选择${title}</h2>
<div class="cards">
<div class="card"><h3>低门槛开店</h3><p>小面积即可经营，总部提供选址评估与装修方案。</p></div>
<div class="card"><h3>全程培训</h3><p>技术、运营、营销三大体系培训，新手也能快速上手。</p></div>
<div class="card"><h3>持续供货</h3><p>统一物流配送，保障品质与成本优势。</p></div>
</div>
<p>想了解加盟费用、开店流程与当地政策？点击右下角的<strong>在线咨询</strong>，客服在线为您解答；留下电话，招商经理会尽快联系您。</p>
</main>
<footer>演示页面 · 仅供 npm start 演示使用</footer>
${chatWidgetTag(row.key)}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page(`${row.itemTitle} - 加盟咨询`, body));
  });
};
