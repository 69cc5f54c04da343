// Styles of the always-present part (host element, launcher, teaser). The host is protected from
// the page's CSS: a page rule such as `* { all: unset }` matches the host element itself, and an
// !important :host rule wins over any page rule, important or not (CSS Scoping, cascade context).
// An open widget rises above the page's other widgets, so their launchers never cover its panel.
// On a phone the teaser's text and close button are 44 px touch targets.
export const LAUNCHER_CSS = `
:host{all:initial!important;display:block!important;position:fixed!important;z-index:2147483000!important;top:auto!important;left:auto!important;bottom:0!important;right:0!important;width:0!important;height:0!important;overflow:visible!important;visibility:visible!important;opacity:1!important;transform:none!important;filter:none!important;pointer-events:none!important}
:host([data-open]){z-index:2147483001!important}
.dock{position:fixed;bottom:calc(20px + var(--sa-offset,0px));inset-inline-end:20px;display:flex;flex-direction:column;align-items:flex-end;gap:12px;max-width:calc(100vw - 40px);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;color:#1f2937;pointer-events:none;-webkit-text-size-adjust:100%}
.dock>*{pointer-events:auto}
*,*::before,*::after{box-sizing:border-box}
[hidden]{display:none!important}
button{font:inherit;color:inherit;margin:0}
:focus-visible{outline:3px solid var(--sa-accent);outline-offset:2px}
.launcher{display:grid;place-items:center;width:56px;height:56px;padding:0;border:0;border-radius:50%;background:var(--sa-accent);color:var(--sa-on-accent);box-shadow:0 4px 14px rgba(0,0,0,.25);cursor:pointer}
.launcher:focus-visible{outline-color:#111;box-shadow:0 0 0 2px #fff,0 4px 14px rgba(0,0,0,.25)}
.launcher{position:relative}
.badge{position:absolute;top:-4px;inset-inline-end:-4px;min-width:20px;height:20px;padding:0 5px;border-radius:10px;background:#dc2626;color:#fff;font:700 12px/20px system-ui,sans-serif;text-align:center}
.launcher[aria-busy=true]{opacity:.7;cursor:progress}
svg{width:26px;height:26px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.launcher[aria-expanded=true] .icon-open,.launcher[aria-expanded=false] .icon-close{display:none}
.teaser{display:flex;align-items:flex-start;gap:4px;max-width:280px;padding:10px 8px 10px 14px;border-radius:12px;background:#fff;box-shadow:0 4px 18px rgba(0,0,0,.18)}
.teaser-text{flex:1;padding:0;border:0;background:none;text-align:start;cursor:pointer;overflow-wrap:anywhere}
.teaser-close{flex:none;display:grid;place-items:center;width:28px;height:28px;padding:0;border:0;border-radius:6px;background:none;cursor:pointer}
.teaser-close svg{width:16px;height:16px}
@media (max-width:480px){:host([data-open]) .launcher{display:none}.teaser{align-items:center;padding-block:0}.teaser-text{min-height:44px;padding-block:11px}.teaser-close{width:44px;height:44px}}
@media (prefers-reduced-motion:no-preference){.teaser{animation:sa-rise .2s ease-out}}
@keyframes sa-rise{from{opacity:0;transform:translateY(8px)}}
`;
