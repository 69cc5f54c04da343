import { PAGES, PRODUCTS, STORE, type DemoPage, type DemoProduct } from './catalog.js';
import { html, SafeHtml } from '../dashboard/html.js';

/** The demo store's pages: a small shop front that embeds the widget like any customer site. */

export interface PageContext {
  /** PUBLIC_BASE_URL: where the widget script comes from. */
  base: string;
  agentId: string;
  /** Nonce of this response's stylesheet under the page's CSP. */
  nonce: string;
}

/** Markup written in this repository (the catalog's descriptions), never text from outside. */
const markup = (trustedHtml: string) => new SafeHtml(trustedHtml);

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: STORE.currency });

const CSS = `
:root{--accent:#2f6b4f;--ink:#1c2622;--muted:#5d6b65;--line:#e3e8e5;--paper:#fbfaf7}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;color:var(--ink);background:var(--paper)}
a{color:var(--accent)}
.wrap{max-width:1120px;margin:0 auto;padding:0 24px}
header{background:#fff;border-bottom:1px solid var(--line)}
header .wrap{display:flex;align-items:center;justify-content:space-between;gap:24px;min-height:68px;flex-wrap:wrap}
.brand{font-weight:800;font-size:20px;letter-spacing:-.01em;color:var(--ink);text-decoration:none}
.brand span{color:var(--accent)}
nav{display:flex;gap:20px;flex-wrap:wrap;font-size:15px}
nav a{color:var(--muted);text-decoration:none}
nav a:hover{color:var(--ink)}
.hero{background:linear-gradient(120deg,#21493a,#3f7d63);color:#fff}
.hero .wrap{padding-top:56px;padding-bottom:56px}
.hero h1{margin:0 0 8px;font-size:clamp(28px,4vw,44px);line-height:1.15;letter-spacing:-.02em}
.hero p{margin:0;max-width:620px;font-size:18px;opacity:.92}
.tryit{margin-top:24px;padding:16px 20px;max-width:680px;border-radius:14px;background:rgba(255,255,255,.12);font-size:15px}
.tryit ul{margin:8px 0 0;padding-left:20px}
main{flex:1;padding:40px 0 64px}
h2.section{margin:0 0 20px;font-size:22px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(230px,1fr));gap:22px}
.card{display:flex;flex-direction:column;background:#fff;border:1px solid var(--line);border-radius:14px;overflow:hidden;text-decoration:none;color:inherit;transition:box-shadow .15s}
.card:hover{box-shadow:0 8px 24px rgba(28,38,34,.12)}
.card img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover}
.card .body{padding:14px 16px 16px;display:flex;flex-direction:column;gap:4px;flex:1}
.card .name{font-weight:650}
.card .cat{font-size:13px;color:var(--muted)}
.price{font-weight:700}
.price s{font-weight:400;color:var(--muted);margin-left:6px}
.stock{font-size:13px;margin-top:auto;padding-top:6px}
.stock.in{color:#1f7a4d}.stock.low{color:#a15c00}.stock.out{color:#a32626}
.product{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:40px;align-items:start}
.product img{width:100%;height:auto;border-radius:16px;border:1px solid var(--line)}
.product h1{margin:0 0 6px;font-size:32px;line-height:1.2}
.product .price{font-size:22px}
.option{margin:14px 0 0}
.option b{display:block;font-size:14px;margin-bottom:6px}
.chips{display:flex;flex-wrap:wrap;gap:6px}
.chips span{padding:4px 10px;border:1px solid var(--line);border-radius:999px;background:#fff;font-size:14px}
.buy{margin-top:22px;padding:12px 22px;border:0;border-radius:10px;background:var(--accent);color:#fff;font:inherit;font-weight:650;opacity:.6}
.note{font-size:14px;color:var(--muted)}
.prose{max-width:720px}
.prose h1{font-size:32px;margin:0 0 16px}
.crumbs{font-size:14px;color:var(--muted);margin-bottom:18px}
.embed{margin-top:56px;padding:22px;border:1px dashed #b9c7c0;border-radius:14px;background:#fff}
.embed h2{margin:0 0 6px;font-size:18px}
.embed pre{margin:12px 0 0;padding:14px;border-radius:10px;background:#17211d;color:#e8f1ec;font-size:13px;white-space:pre-wrap;word-break:break-all}
footer{border-top:1px solid var(--line);background:#fff;font-size:14px;color:var(--muted)}
footer .wrap{padding-top:24px;padding-bottom:24px;display:flex;justify-content:space-between;gap:16px;flex-wrap:wrap}
@media (max-width:760px){.product{grid-template-columns:1fr}}
`;

export function snippet(base: string, agentId: string): string {
  return `<script src="${base}/widget.js" data-agent-id="${agentId}" async></script>`;
}

function layout(ctx: PageContext, title: string, description: string, body: SafeHtml): string {
  const nav = PAGES.filter((page) => page.postType === 'page').map((page) => html`<a href="/demo/pages/${page.slug}">${page.title}</a>`);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${description}">
<meta property="og:site_name" content="${STORE.name}">
<link rel="icon" href="/demo/images/favicon.svg">
<style nonce="${ctx.nonce}">${markup(CSS)}</style>
</head>
<body>
<header><div class="wrap"><a class="brand" href="/demo">Fernhill <span>Outfitters</span></a><nav><a href="/demo">Shop</a>${nav}</nav></div></header>
${body}
<footer><div class="wrap"><span>${STORE.name} is a fictional store, part of the Storefront Assistant demo.</span><a href="/demo/pages/choosing-a-rain-jacket">Journal</a></div></footer>
<script src="/demo/identify.js" defer></script>
${markup(snippet(ctx.base, ctx.agentId))}
</body>
</html>
`.value;
}

function stockLabel(product: DemoProduct): SafeHtml {
  const { status, quantity } = product.stock;
  if (status === 'outofstock') return html`<span class="stock out">Sold out</span>`;
  if (status === 'onbackorder') return html`<span class="stock low">On backorder, ships in about 2 weeks</span>`;
  if (quantity !== null && quantity <= 8) return html`<span class="stock low">Only ${quantity} left</span>`;
  return html`<span class="stock in">In stock</span>`;
}

function price(product: DemoProduct): SafeHtml {
  const current = money.format(Number(product.price));
  return product.regularPrice
    ? html`<span class="price">${current}<s>${money.format(Number(product.regularPrice))}</s></span>`
    : html`<span class="price">${current}</span>`;
}

export function storePage(ctx: PageContext): string {
  const cards = PRODUCTS.map(
    (product) => html`<a class="card" href="/demo/products/${product.slug}">
<img src="/demo/images/${product.slug}.svg" alt="" width="400" height="300">
<div class="body"><span class="cat">${product.category}</span><span class="name">${product.name}</span>${price(product)}${stockLabel(product)}</div>
</a>`,
  );
  const body = html`<section class="hero"><div class="wrap">
<h1>Gear for wet trails</h1>
<p>${STORE.tagline}</p>
<div class="tryit"><strong>This is a demo store.</strong> Open the chat in the corner and ask the assistant, for example:
<ul><li>How much is the Ridgeline jacket?</li><li>How long does shipping take?</li><li>Do you have a discount code?</li><li>I would like to talk to a person.</li></ul></div>
</div></section>
<main><div class="wrap">
<h2 class="section">All products</h2>
<div class="grid">${cards}</div>
<section class="embed"><h2>Put this assistant on your own site</h2>
<p class="note">One line before <code>&lt;/body&gt;</code>; the page's origin must be among the agent's allowed origins.</p>
<pre><code>${snippet(ctx.base, ctx.agentId)}</code></pre></section>
</div></main>`;
  return layout(ctx, `${STORE.name}: outdoor gear`, STORE.tagline, body);
}

export function productPage(ctx: PageContext, product: DemoProduct): string {
  const options = product.attributes.map(
    (attribute) =>
      html`<div class="option"><b>${attribute.name}</b><div class="chips">${attribute.options.map((option) => html`<span>${option}</span>`)}</div></div>`,
  );
  const body = html`<main><div class="wrap">
<div class="crumbs"><a href="/demo">Shop</a> / ${product.category}</div>
<div class="product">
<img src="/demo/images/${product.slug}.svg" alt="${product.name}" width="400" height="300">
<div>
<h1>${product.name}</h1>
<p>${price(product)} · ${stockLabel(product)}</p>
<p>${product.short}</p>
${options}
<button class="buy" type="button" disabled>Add to cart</button>
<p class="note">SKU ${product.sku}. This demo store does not take orders.</p>
<div class="prose">${markup(product.descriptionHtml)}</div>
</div>
</div>
</div></main>`;
  return layout(ctx, `${product.name} | ${STORE.name}`, product.short, body);
}

export function infoPage(ctx: PageContext, page: DemoPage): string {
  const body = html`<main><div class="wrap prose">
<div class="crumbs"><a href="/demo">Shop</a> / ${page.postType === 'post' ? 'Journal' : 'Help'}</div>
<h1>${page.title}</h1>
${markup(page.contentHtml)}
</div></main>`;
  return layout(ctx, `${page.title} | ${STORE.name}`, page.excerpt, body);
}

export function cartPage(ctx: PageContext): string {
  const body = html`<main><div class="wrap prose">
<div class="crumbs"><a href="/demo">Shop</a> / Cart</div>
<h1>Your cart</h1>
<p>This demo store does not take orders, so the cart stays empty. In a WooCommerce shop, a coupon the assistant staged (such as WELCOME10) is applied to the visitor's cart on this page.</p>
<p><a href="/demo">Back to the shop</a></p>
</div></main>`;
  return layout(ctx, `Cart | ${STORE.name}`, 'Your cart', body);
}
