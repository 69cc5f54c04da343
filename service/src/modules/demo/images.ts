import type { DemoProduct } from './catalog.js';
import { escapeHtml } from '../dashboard/html.js';

/** Simple outlines by product, else by category, drawn on a 400×300 canvas. */
const SHAPES: Record<string, string> = {
  'everyday-hiking-socks': 'M175 50h50v130l55 45c15 13 8 40-15 40h-45l-45-40z M175 80h50',
  'lumen-400-headlamp': 'M100 170c0-60 45-95 100-95s100 35 100 95 M165 140h70v55h-70z M200 167a10 10 0 1 0 .1 0z',
  'thermo-insulated-bottle': 'M180 50h40v30l18 22v150h-76V102l18-22z M162 140h76',
  'alpine-trekking-poles': 'M175 45l-35 215 M225 45l35 215 M165 55h22 M213 55h22 M150 200h20 M230 200h20',
  'harbor-wool-beanie': 'M110 205c0-75 40-125 90-125s90 50 90 125z M100 205h200v32H100z M200 52a16 16 0 1 0 .1 0z',
  Jackets: 'M150 70l50-20 50 20 50 40-25 35-25-15v115H150V130l-25 15-25-35z M200 50v200',
  Footwear: 'M90 190c0-30 20-60 40-70l40 10c20 5 40 25 70 30l60 10c20 5 20 30 20 40v10H90z M90 210h230',
  Layers: 'M150 75l50 15 50-15 45 35-20 40-25-15v115H150V135l-25 15-20-40z',
  Packs: 'M150 90c0-25 20-40 50-40s50 15 50 40v150H150z M170 150h60v50h-60z M180 90h40',
  Accessories: 'M200 60a90 90 0 1 0 0.1 0z M200 100a50 50 0 1 0 0.1 0z',
};

/** A placeholder product picture: the demo ships no photographs. */
export function productImage(product: DemoProduct): string {
  const [dark, light] = product.palette;
  const shape = SHAPES[product.slug] ?? SHAPES[product.category] ?? SHAPES.Accessories!;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" role="img" aria-label="${escapeHtml(product.name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="400" height="300" fill="url(#g)"/>
<path d="${shape}" fill="rgba(255,255,255,.18)" stroke="#fff" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/>
</svg>`;
}

export const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2f6b4f"/><path d="M11 24V8h11M11 16h8" stroke="#fff" stroke-width="3.5" fill="none" stroke-linecap="round"/></svg>`;
