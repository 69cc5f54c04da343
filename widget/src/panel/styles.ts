// Styles of the chat panel, added to the same shadow root as the launcher's (whose base rules,
// such as [hidden] and the accent variables, apply here too). Logical properties throughout, so
// that dir="rtl" on the panel mirrors it. Touch targets are at least 44 px; on a phone the panel
// fills the screen inside its safe area, and text fields are 16 px so that iOS does not zoom.
export const PANEL_CSS = `
.panel{display:flex;flex-direction:column;width:380px;max-width:100%;height:min(620px,calc(100vh - 110px));min-height:320px;overflow:hidden;border-radius:16px;background:#fff;box-shadow:0 12px 40px rgba(0,0,0,.28)}
.head{display:flex;align-items:center;gap:8px;padding:8px;padding-inline:12px 6px;background:var(--sa-accent);color:var(--sa-on-accent)}
.head-text{flex:1;min-width:0}
.title{margin:0;font-size:16px;font-weight:600;line-height:1.3;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.subtitle{margin:0;font-size:12px;opacity:.85}
.avatar{display:grid;place-items:center;flex:none;width:32px;height:32px;border-radius:50%;background:rgba(255,255,255,.22);color:inherit;font-weight:700}
.avatar-large{width:48px;height:48px;font-size:20px;background:var(--sa-accent);color:var(--sa-on-accent)}
.avatar{position:relative;overflow:hidden}
.avatar img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;background:#fff}
.icon-button{display:grid;place-items:center;flex:none;width:44px;height:44px;padding:0;border:0;border-radius:8px;background:none;color:inherit;cursor:pointer}
.icon-button svg{width:20px;height:20px}
.head :focus-visible{outline-color:currentColor}
.log{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;display:flex;flex-direction:column;gap:12px;padding:16px}
.status{margin:auto;color:#6b7280}
.msg{display:flex;flex-direction:column;align-items:flex-start;gap:6px;max-width:100%;min-width:0}
.msg-user{align-items:flex-end}
.bubble{max-width:85%;min-width:0;padding:9px 13px;border-radius:14px;background:#f3f4f6;overflow-wrap:anywhere;word-break:break-word}
.msg-user .bubble{background:var(--sa-accent);color:var(--sa-on-accent);white-space:pre-wrap}
.msg-team .bubble{background:#eef2ff;border:1px solid #c7d2fe}
.author{margin:0;font-size:12px;font-weight:600;color:#4338ca}
.msg[data-state=failed] .bubble{opacity:.75}
.msg-note{font-size:12px;color:#6b7280}
.meta{display:flex;flex-wrap:wrap;align-items:center;gap:2px 6px;font-size:12px;color:#6b7280}
.msg-user .meta{flex-direction:row-reverse}
.msg[data-state=streaming] .meta{display:none}
.tools{display:inline-flex;gap:2px}
.tool{display:grid;place-items:center;width:44px;height:44px;margin:-10px -6px;padding:0;border:0;border-radius:8px;background:none;color:#6b7280;cursor:pointer}
.tool svg{width:16px;height:16px}
.tool[aria-pressed=true]{color:var(--sa-accent)}
.tool-status:empty{display:none}
.reasons{display:flex;flex-wrap:wrap;gap:6px;max-width:85%;margin:0;padding:0;border:0}
.reasons legend{padding:0;margin-bottom:6px;font-size:13px;color:#4b5563}
.chip{min-height:44px;padding:6px 12px;border:1px solid #d1d5db;border-radius:999px;background:#fff;cursor:pointer}
.note{align-self:center;margin:0;padding:6px 12px;border-radius:999px;background:#ecfdf5;color:#065f46;font-size:14px}
.home{display:flex;flex-direction:column;gap:12px}
.home-agent{display:flex;align-items:center;gap:12px}
.home-name{margin:0;font-weight:600;font-size:17px}
.muted{margin:0;color:#6b7280;font-size:13px}
.home-welcome{margin:0;padding:12px 14px;border-radius:14px;background:#f3f4f6;white-space:pre-wrap}
.home-title{margin:4px 0 0;font-size:13px;font-weight:600;color:#4b5563}
.suggestions{display:flex;flex-direction:column;gap:8px;margin:0;padding:0;list-style:none}
.suggestion{width:100%;min-height:44px;padding:10px 14px;border:1px solid #d1d5db;border-radius:12px;background:#fff;text-align:start;cursor:pointer}
.suggestion:hover{border-color:var(--sa-accent)}
.home-person{align-self:flex-start}
.bubble p,.bubble ul,.bubble ol,.bubble pre,.bubble blockquote{margin:0 0 .5em}
.bubble>:last-child,.bubble blockquote>:last-child{margin-bottom:0}
.bubble blockquote{padding-inline-start:.75em;border-inline-start:3px solid #9ca3af;color:#4b5563}
.bubble ul,.bubble ol{padding-inline-start:1.3em}
.bubble li+li{margin-top:.2em}
.bubble hr{border:0;border-top:1px solid #d1d5db;margin:.6em 0}
.bubble code{padding:.1em .3em;border-radius:4px;background:rgba(0,0,0,.07);font:.9em/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.bubble pre{padding:8px 10px;border-radius:8px;background:#111827;color:#f9fafb;white-space:pre-wrap;overflow-wrap:anywhere}
.bubble pre code{padding:0;background:none;color:inherit}
.bubble a{color:#1d4ed8;text-decoration:underline}
.msg-user .bubble a{color:inherit}
.thinking{display:inline-flex;gap:4px;padding:4px 0}
.thinking i{width:6px;height:6px;border-radius:50%;background:#9ca3af}
@media (prefers-reduced-motion:no-preference){.thinking i{animation:sa-blink 1s infinite}.thinking i:nth-child(2){animation-delay:.2s}.thinking i:nth-child(3){animation-delay:.4s}}
@keyframes sa-blink{50%{opacity:.3}}
.blocks{display:contents}
.sources{display:flex;flex-wrap:wrap;align-items:baseline;gap:6px;max-width:85%;font-size:13px;color:#6b7280}
.sources-label::after{content:":"}
.sources ul{display:flex;flex-wrap:wrap;gap:6px;margin:0;padding:0;list-style:none;min-width:0}
.sources li{min-width:0;max-width:100%}
.sources a{display:block;max-width:240px;padding:2px 10px;border:1px solid #d1d5db;border-radius:999px;color:#374151;text-decoration:none;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.sources a:hover{border-color:var(--sa-accent)}
.block{max-width:85%}
.card{margin:0;padding:12px;border:1px solid #e5e7eb;border-radius:12px;background:#fff;overflow-wrap:anywhere}
.card p{margin:0 0 8px}
.coupon-code{font:600 16px/1.3 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;letter-spacing:.05em}
.coupon-status:empty{display:none}
.coupon-status{margin:8px 0 0!important}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:8px 14px;border:1px solid transparent;border-radius:10px;background:var(--sa-accent);color:var(--sa-on-accent);font-weight:600;line-height:1.2;text-decoration:none;cursor:pointer}
.btn:disabled{opacity:.55;cursor:default}
.btn-quiet{border-color:#d1d5db;background:#fff;color:#1f2937}
.notice{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin:0 16px 8px;padding:10px 12px;border-radius:10px;background:#fef2f2;color:#991b1b}
.notice p{flex:1 1 100%;margin:0}
.composer{display:flex;align-items:flex-end;gap:8px;padding:12px;border-top:1px solid #e5e7eb}
.lead-slot{padding:12px;border-top:1px solid #e5e7eb}
textarea,input{font:inherit;color:inherit;margin:0}
.composer textarea{flex:1;min-width:0;height:44px;max-height:120px;padding:10px 12px;font-size:16px;border:1px solid #d1d5db;border-radius:10px;background:#fff;resize:none;overflow-y:auto}
.lead{display:flex;flex-direction:column;gap:10px}
.lead-row{display:flex;gap:8px}
.lead label{display:flex;flex-direction:column;gap:4px;font-size:14px}
.lead summary{min-height:44px;display:flex;align-items:center;font-size:14px;color:#4b5563;cursor:pointer}
.lead input[type=email],.lead input[type=text]{flex:1;min-width:0;min-height:44px;padding:8px 10px;border:1px solid #d1d5db;border-radius:8px;background:#fff;font-size:16px}
.lead .consent input{width:20px;height:20px}
.lead input[aria-invalid=true]{border-color:#b91c1c}
.lead .consent{flex-direction:row;align-items:flex-start;gap:8px;font-size:13px;color:#4b5563}
.lead .consent input{margin-top:3px;flex:none}
.lead .actions{display:flex;flex-wrap:wrap;gap:8px}
.lead .actions .btn{min-height:36px;padding:6px 10px;border:0;background:none;color:#4b5563;font-weight:400;text-decoration:underline}
.lead-title{margin:0;font-weight:600}
.form-error{color:#b91c1c;font-size:13px}
.form-error:empty{display:none}
@media (max-width:480px){
.panel{position:fixed;inset:0;width:auto;height:auto;height:100dvh;min-height:0;border-radius:0;padding:env(safe-area-inset-top) env(safe-area-inset-right) 0 env(safe-area-inset-left)}
.composer,.lead-slot{padding-bottom:calc(12px + env(safe-area-inset-bottom))}
.lead .actions .btn{min-height:44px}
.sources a{padding-block:0;line-height:42px}
}
`;
