// Turns the parsed Markdown tree into DOM nodes. Text only ever enters through text nodes, and
// links carry hrefs already vetted by safeHref, so a reply cannot inject markup or script.

import { h } from '../dom.js';
import { parseMarkdown, type BlockNode, type Inline } from './markdown.js';
import { EXTERNAL_LINK } from './url-policy.js';

function inline(nodes: Inline[]): Node[] {
  return nodes.map((node) => {
    switch (node.type) {
      case 'text':
        return document.createTextNode(node.text);
      case 'br':
        return h('br');
      case 'code':
        return h('code', {}, node.text);
      case 'strong':
        return h('strong', {}, ...inline(node.children));
      case 'em':
        return h('em', {}, ...inline(node.children));
      case 'link':
        return h('a', { href: node.href, ...EXTERNAL_LINK }, ...inline(node.children));
    }
  });
}

function block(node: BlockNode): Node {
  switch (node.type) {
    case 'paragraph':
      return h('p', {}, ...inline(node.children));
    case 'heading':
      // Reply headings are section labels inside one bubble, not page structure.
      return h('p', { class: 'md-heading' }, h('strong', {}, ...inline(node.children)));
    case 'code':
      return h('pre', {}, h('code', {}, node.text));
    case 'rule':
      return h('hr');
    case 'quote':
      // The parser never nests quotes, so this recursion is one level deep.
      return h('blockquote', {}, ...node.children.map(block));
    case 'list': {
      const items = node.items.map((item) => h('li', {}, ...inline(item)));
      return node.ordered ? h('ol', { start: node.start === 1 ? null : node.start }, ...items) : h('ul', {}, ...items);
    }
  }
}

export function renderMarkdown(source: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const node of parseMarkdown(source)) fragment.appendChild(block(node));
  return fragment;
}
