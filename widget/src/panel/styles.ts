// Styles of the chat panel, added to the same shadow root as the launcher's (whose base rules,
// such as [hidden] and the accent variables, apply here too). Logical properties throughout, so
// that dir="rtl" on the panel mirrors it.
export const PANEL_CSS = `
.panel{display:flex;flex-direction:column;width:380px;max-width:100%;height:min(620px,calc(100vh - 110px));min-height:320px;overflow:hidden;border-radius:16px;background:#fff;box-shadow:0 12px 40px rgba(0,0,0,.28)}
.head{display:flex;align-items:center;gap:8px;padding:10px;padding-inline:16px 10px;background:var(--sa-accent);color:var(--sa-on-accent)}
.title{flex:1;min-width:0;margin:0;font-size:16px;font-weight:600;line-height:1.3;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.icon-button{display:grid;place-items:center;width:36px;height:36px;padding:0;border:0;border-radius:8px;background:none;color:inherit;cursor:pointer}
.icon-button svg{width:20px;height:20px}
.head :focus-visible{outline-color:currentColor}
.log{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;display:flex;flex-direction:column;gap:12px;padding:16px}
.status{margin:auto;color:#6b7280}
.msg{display:flex;flex-direction:column;align-items:flex-start;gap:6px;max-width:100%;min-width:0}
.msg-user{align-items:flex-end}
.bubble{max-width:85%;min-width:0;padding:9px 13px;border-radius:14px;background:#f3f4f6;overflow-wrap:anywhere;word-break:break-word}
.msg-user .bubble{background:var(--sa-accent);color:var(--sa-on-accent);white-space:pre-wrap}
.msg[data-state=failed] .bubble{opacity:.75}
.msg-note{font-size:12px;color:#6b7280}
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
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:38px;padding:8px 14px;border:1px solid transparent;border-radius:10px;background:var(--sa-accent);color:var(--sa-on-accent);font-weight:600;line-height:1.2;text-decoration:none;cursor:pointer}
.btn:disabled{opacity:.55;cursor:default}
.btn-quiet{border-color:#d1d5db;background:#fff;color:#1f2937}
.notice{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin:0 16px 8px;padding:10px 12px;border-radius:10px;background:#fef2f2;color:#991b1b}
.notice p{flex:1 1 100%;margin:0}
.composer{display:flex;align-items:flex-end;gap:8px;padding:12px;border-top:1px solid #e5e7eb}
textarea,input{font:inherit;color:inherit;margin:0}
.composer textarea{flex:1;min-width:0;height:40px;max-height:120px;padding:8px 12px;border:1px solid #d1d5db;border-radius:10px;background:#fff;resize:none;overflow-y:auto}
.lead{display:flex;flex-direction:column;gap:10px;max-width:85%}
.lead label{display:flex;flex-direction:column;gap:4px;font-size:14px}
.lead input[type=email],.lead input[type=text]{padding:8px 10px;border:1px solid #d1d5db;border-radius:8px;background:#fff}
.lead input[aria-invalid=true]{border-color:#b91c1c}
.lead .consent{flex-direction:row;align-items:flex-start;gap:8px;font-size:13px;color:#4b5563}
.lead .consent input{margin-top:3px;flex:none}
.lead .actions{display:flex;flex-wrap:wrap;gap:8px}
.lead-title{font-weight:600}
.form-error{color:#b91c1c;font-size:13px}
.form-error:empty{display:none}
@media (max-width:480px){.panel{position:fixed;inset:0;width:auto;height:auto;min-height:0;border-radius:0}}
`;
