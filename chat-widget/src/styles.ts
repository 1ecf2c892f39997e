/**
 * The widget's styles, inside its shadow root: the landing page's CSS cannot reach in, these
 * cannot leak out. `:host { all: initial }` also stops inherited properties (font, colour).
 */
export const STYLES = `
:host{all:initial}
*{box-sizing:border-box;font-family:-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;font-size:14px;line-height:1.5}
.hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
button{cursor:pointer;border:0;border-radius:6px;background:none;color:inherit}
button:disabled{cursor:not-allowed;opacity:.5}
button:focus-visible,textarea:focus-visible,input:focus-visible,.log:focus-visible{outline:2px solid #0958d9;outline-offset:2px}
.launcher{position:fixed;right:24px;bottom:24px;z-index:2147483000;padding:12px 20px;border-radius:24px;background:#0958d9;color:#fff;font-weight:600;box-shadow:0 4px 16px rgba(0,0,0,.2)}
.panel{display:flex;position:fixed;right:24px;bottom:84px;z-index:2147483000;flex-direction:column;width:360px;max-width:calc(100vw - 32px);height:520px;max-height:calc(100vh - 110px);background:#fff;color:#1f1f1f;border-radius:12px;box-shadow:0 8px 32px rgba(0,0,0,.25);overflow:hidden}
.head{display:flex;align-items:center;justify-content:space-between;padding:12px 16px;background:#0958d9;color:#fff}
h2{margin:0;font-size:16px;font-weight:600}
.icon{font-size:22px;line-height:1;padding:0 6px;color:#fff}
.icon:focus-visible{outline-color:#fff}
.log{flex:1;min-height:120px;overflow-y:auto;padding:12px 16px;background:#f5f7fa}
.bubble{display:flex;flex-direction:column;max-width:80%;margin:0 0 10px}
.bubble p{margin:0;padding:8px 12px;border-radius:10px;white-space:pre-wrap;word-break:break-word}
.bubble time{font-size:12px;color:#595959;margin-top:2px}
.customer{align-items:flex-start}
.customer p{background:#fff;border:1px solid #e5e6eb}
.visitor{align-items:flex-end;margin-left:auto}
.visitor p{background:#0958d9;color:#fff}
.status{margin:0;padding:0 16px;color:#595959;font-size:13px}
.link{color:#0958d9;padding:4px 0;text-decoration:underline}
.restart{align-self:center}
.phone{display:flex;flex-direction:column;gap:4px;padding:8px 16px;border-top:1px solid #e5e6eb;background:#fffbe6}
.fields{display:flex;gap:8px}
.fields>div{flex:1;min-width:0}
.fields label{font-size:13px}
.phone-title{margin:0;font-weight:600}
label{color:#1f1f1f}
input,textarea{width:100%;padding:6px 8px;border:1px solid #8c8c8c;border-radius:6px;background:#fff;color:#1f1f1f}
textarea{resize:none}
.error{margin:0;color:#cf1322;font-size:13px}
.send{padding:10px 16px;border-top:1px solid #e5e6eb}
.row{display:flex;align-items:center;justify-content:space-between;gap:8px;margin-top:4px}
.counter{margin-left:auto;color:#595959;font-size:12px}
.counter.over{color:#cf1322}
.primary{padding:6px 16px;background:#0958d9;color:#fff}
@media (max-width:480px){.panel{right:8px;left:8px;width:auto;bottom:76px}.launcher{right:12px;bottom:12px}}
`;
