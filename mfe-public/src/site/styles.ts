/**
 * The visitor site's styles, inlined in each page's <head> by the server (no stylesheet request
 * before the first paint). Colours and type follow the design system's theme (primary #0958d9);
 * every text colour keeps WCAG AA contrast on its background. Phones from 360 px up: the menu
 * wraps, grids become one column, no element is wider than the screen.
 */
/** The forms, buttons, notices, dialogs and the plan's report: the site's pages and the portal's framed plan page. */
export const FORM_CSS = `
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 20px;border-radius:6px;border:1px solid #0958d9;background:#0958d9;color:#fff;font-size:16px;text-decoration:none;cursor:pointer}
.btn:hover{background:#003eb3;color:#fff}
.btn.ghost{background:#fff;color:#0958d9}
.btn.ghost:hover{background:#e6f4ff}
.btn[disabled]{opacity:.6;cursor:not-allowed}
form.site-form{display:grid;gap:14px;max-width:560px}
form.site-form label{display:grid;gap:6px;font-weight:500}
form.site-form .field{display:grid;gap:4px}
form.site-form .star{color:#cf1322;margin-right:4px}
form.site-form input,form.site-form select,form.site-form textarea{font:inherit;padding:10px 12px;min-height:44px;border:1px solid #8c8c8c;border-radius:6px;width:100%;background:#fff;color:#1f1f1f}
form.site-form .err{color:#cf1322;font-weight:400;font-size:14px}
form.site-form .hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
form.site-form fieldset{border:0;padding:0;margin:0;display:grid;gap:6px}
form.site-form .inline{display:flex;gap:16px;flex-wrap:wrap;font-weight:400}
.notice{padding:12px 16px;border-radius:6px;margin:0 0 16px}
.notice.ok{background:#f6ffed;border:1px solid #b7eb8f}
.notice.bad{background:#fff1f0;border:1px solid #ffa39e}
dialog.site-dialog{border:0;border-radius:10px;padding:24px;max-width:min(600px,calc(100vw - 24px));width:100%;max-height:calc(100vh - 24px);overflow:auto}
dialog.site-dialog::backdrop{background:rgba(0,0,0,.45)}
dialog.site-dialog .close{float:right}
.report{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:20px;margin-top:16px}
.report figure{margin:0;border:1px solid #e8e8e8;border-radius:8px;padding:12px}
.report figcaption{font-weight:600;margin-bottom:8px}
.report table{width:100%;border-collapse:collapse;font-size:14px}
.report td,.report th{border-bottom:1px solid #f0f0f0;padding:4px;text-align:left}
`;

export const SITE_CSS = `${FORM_CSS}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Helvetica Neue',Arial,sans-serif;color:#1f1f1f;background:#fff;line-height:1.6}
a{color:#0958d9}
a:hover{color:#003eb3}
img{max-width:100%;height:auto;display:block}
.wrap{max-width:1200px;margin:0 auto;padding:0 20px}
.skip{position:absolute;left:-9999px}
.skip:focus{left:12px;top:12px;background:#fff;padding:8px;z-index:10}
.top{background:#fff;border-bottom:1px solid #e8e8e8;position:sticky;top:0;z-index:5}
.top .wrap{display:flex;align-items:center;gap:24px;min-height:64px;flex-wrap:wrap}
.logo{font-size:20px;font-weight:700;color:#0958d9;text-decoration:none}
.menu{display:flex;flex-wrap:wrap;gap:4px 20px;list-style:none;margin:0;padding:0;flex:1}
.menu a{color:#1f1f1f;text-decoration:none;display:inline-block;padding:10px 0;min-height:44px}
.menu a[aria-current=page]{color:#0958d9;font-weight:600;border-bottom:2px solid #0958d9}
.hero{position:relative;background:#0b2a5b;color:#fff;overflow:hidden}
.hero .slide{display:none}
.hero .slide.on{display:block}
.hero .slide img{width:100%;aspect-ratio:10/3;object-fit:cover}
.hero .caption{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.hero .dots{position:absolute;right:20px;top:16px;display:flex;gap:8px}
.hero .dots button{width:44px;height:44px;border:0;background:transparent;cursor:pointer;padding:0;display:flex;align-items:center;justify-content:center}
.hero .dots button span{display:block;width:12px;height:12px;border-radius:50%;background:rgba(255,255,255,.6)}
.hero .dots button[aria-pressed=true] span{background:#fff}
.lead{padding:48px 0 32px;text-align:center}
.lead h1{font-size:34px;margin:0 0 12px}
.lead p{font-size:18px;color:#434343;margin:0 0 24px}
.actions{display:flex;gap:12px;justify-content:center;flex-wrap:wrap}
section.block{padding:40px 0}
section.block.alt{background:#f5f8ff}
section.block h2{font-size:26px;text-align:center;margin:0 0 24px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:20px}
.card{border:1px solid #e8e8e8;border-radius:8px;background:#fff;padding:20px;display:flex;flex-direction:column;gap:8px}
.card h3{margin:0;font-size:18px}
.card p{margin:0;color:#434343}
.card .meta{color:#595959;font-size:14px}
.card img{border-radius:6px}
.tabs{display:flex;justify-content:center;gap:8px;flex-wrap:wrap;margin-bottom:20px}
.tabs button{min-height:44px;padding:0 20px;border:1px solid #d9d9d9;border-radius:22px;background:#fff;font-size:16px;cursor:pointer;color:#1f1f1f}
.tabs button[aria-selected=true]{background:#0958d9;color:#fff;border-color:#0958d9}
.carousel-row{overflow-x:auto;scroll-snap-type:x mandatory;padding-bottom:8px}
.carousel-row>.grid{display:grid;grid-auto-flow:column;grid-auto-columns:minmax(260px,calc((100% - 60px)/4));grid-template-columns:none}
.carousel-row .card{scroll-snap-align:start}
.carousel-turns{display:flex;gap:12px;justify-content:center;margin-top:12px}
.links{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px}
.links h3{margin:0 0 8px;font-size:16px}
.links ul{list-style:none;margin:0;padding:0}
.links li a{display:inline-block;min-height:32px;padding:4px 0}
.page{padding:32px 0 48px}
.page h1{font-size:30px;margin:0 0 8px}
.crumbs{font-size:14px;color:#595959;margin-bottom:12px}
.article p{font-size:17px;margin:0 0 16px}
.pager{display:flex;gap:12px;align-items:center;justify-content:center;margin-top:24px}
.pager a,.pager span{min-height:44px;display:inline-flex;align-items:center;padding:0 12px}
.foot{background:#141414;color:#d9d9d9;padding:32px 0;font-size:14px}
.foot a{color:#91caff}
.foot .cols{display:flex;flex-wrap:wrap;gap:24px;justify-content:space-between}
@media (max-width:575px){.lead h1{font-size:26px}.menu{gap:0 14px}.top .wrap{gap:8px}.hero .slide img{aspect-ratio:16/9}}
`;
