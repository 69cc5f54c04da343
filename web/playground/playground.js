// The Playground page's behaviour, loaded as a file because the page allows no inline script.
// Everything shown is built with createElement and textContent: model output, sources and page
// context are text, never markup. Assistant replies are Markdown, rendered as the widget renders
// them by its own renderer (markdown.js, loaded before this file), which also builds nodes only.
'use strict';

(function () {
  var root = document.getElementById('playground');
  if (!root) return;
  var state = JSON.parse(root.getAttribute('data-state'));
  var csrf = root.getAttribute('data-csrf');
  var agentId = state.agent.id;
  var CAP = 8 * 1024;
  var siteTypeLabels = {};
  state.site_types.forEach(function (t) {
    siteTypeLabels[t.id] = t.label;
  });

  var $ = function (id) {
    return document.getElementById(id);
  };
  var form = $('pg-form');
  var input = $('pg-message');
  var sendButton = $('pg-send');
  var status = $('pg-status');
  var siteTypeSelect = $('pg-site-type');
  var compareBox = $('pg-compare');
  var compareSelect = $('pg-compare-site-type');
  var languageSelect = $('pg-language');
  var contextJson = $('pg-context-json');
  var contextError = $('pg-context-error');
  var contextForm = $('pg-context-form');

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  /** Only http(s) links are followed; anything else (javascript:, data:) is not a link. */
  function safeHref(value) {
    try {
      var url = new URL(String(value));
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
      return null;
    }
  }

  function link(text, href) {
    var safe = safeHref(href);
    if (!safe) return el('span', '', text);
    var a = el('a', '', text);
    a.href = safe;
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    return a;
  }

  /** The widget's Markdown renderer; absent when the widget is not built, and replies stay as written. */
  var markdown = window.StorefrontAssistantMarkdown;

  function renderReply(node, source) {
    if (markdown) node.replaceChildren(markdown.renderMarkdown(source));
    else node.textContent = source;
  }

  function pre(value) {
    return el('pre', 'pg-pre', typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  }

  // ---- Panes: the chat (and, in compare mode, a second one with its own conversation) ----

  function pane(key) {
    return { key: key, log: $('pg-log-' + key), title: $('pg-title-' + key), diag: $('pg-diag-' + key), conversationId: null, box: root.querySelector('[data-pane="' + key + '"]') };
  }
  var panes = { a: pane('a'), b: pane('b') };

  function paneSiteType(p) {
    if (p.key === 'b') return compareSelect.value;
    return siteTypeSelect.value || null;
  }

  function refreshTitles() {
    var a = paneSiteType(panes.a);
    panes.a.title.textContent = state.agent.name + ' · ' + siteTypeLabels[a || state.agent.site_type] + (a ? '' : " (agent's setting)");
    panes.b.title.textContent = state.agent.name + ' · ' + siteTypeLabels[compareSelect.value];
    var comparing = compareBox.checked;
    panes.b.box.hidden = !comparing;
    panes.b.diag.hidden = !comparing;
    compareSelect.disabled = !comparing;
    root.classList.toggle('pg-comparing', comparing);
  }

  function selectedLocale() {
    var option = languageSelect.options[languageSelect.selectedIndex];
    return option && option.value ? { tag: option.value, direction: option.getAttribute('data-direction') || 'ltr', nativeName: option.getAttribute('data-native') } : null;
  }

  function refreshLanguage() {
    var locale = selectedLocale();
    var preview = $('pg-language-preview');
    preview.textContent = locale ? locale.nativeName + ' · ' + locale.tag + ' · ' + locale.direction : 'The reply language follows the visitor, as in production.';
    preview.dir = locale ? locale.direction : 'auto';
    // The RTL preview: the chat lays out in the chosen language's direction before the reply.
    Object.keys(panes).forEach(function (key) {
      panes[key].log.dir = locale ? locale.direction : 'auto';
    });
  }

  function addUserMessage(p, text) {
    var item = el('li', 'pg-msg pg-user');
    item.appendChild(el('div', 'pg-text', text));
    item.dir = 'auto';
    p.log.appendChild(item);
    p.log.scrollTop = p.log.scrollHeight;
    return item;
  }

  /** An assistant message being streamed: text, blocks, tool calls and sources fill in as they arrive. */
  function assistantMessage(p) {
    var item = el('li', 'pg-msg pg-assistant');
    item.setAttribute('data-testid', 'assistant-message');
    var text = el('div', markdown ? 'pg-text markdown' : 'pg-text');
    var source = '';
    var frame = 0;
    var blocks = el('div', 'pg-blocks');
    var tools = el('ul', 'pg-tool-list');
    var sources = el('ul', 'pg-sources');
    item.appendChild(tools);
    item.appendChild(text);
    item.appendChild(blocks);
    item.appendChild(sources);
    p.log.appendChild(item);
    return {
      item: item,
      setDirection: function (language, direction) {
        item.lang = language;
        item.dir = direction;
      },
      // While a reply streams, its Markdown is rendered again at most once per frame.
      addText: function (value) {
        source += value;
        if (!frame)
          frame = requestAnimationFrame(function () {
            frame = 0;
            renderReply(text, source);
          });
      },
      /** The whole reply is in: rendered now, not on the next frame. */
      finish: function () {
        cancelAnimationFrame(frame);
        frame = 0;
        renderReply(text, source);
      },
      addBlock: function (block) {
        blocks.appendChild(renderBlock(block));
      },
      addToolCall: function (call) {
        tools.appendChild(el('li', 'pg-tool-chip', 'Tool: ' + call.name + ' (' + call.duration_ms + ' ms)'));
      },
      setSources: function (list) {
        sources.textContent = '';
        list.forEach(function (source) {
          var li = el('li');
          li.appendChild(link(source.title, source.url));
          sources.appendChild(li);
        });
      },
      fail: function (message) {
        item.appendChild(el('p', 'field-error', message));
      },
    };
  }

  // ---- Rich blocks, rendered as cards ----

  function card(kind, title, url) {
    var box = el('div', 'pg-card pg-card-' + kind);
    box.setAttribute('data-kind', kind);
    box.appendChild(el('span', 'pg-card-kind', kind.replace(/_/g, ' ')));
    if (title !== undefined) {
      var heading = el('strong', 'pg-card-title');
      heading.appendChild(url ? link(title, url) : document.createTextNode(title));
      box.appendChild(heading);
    }
    return box;
  }

  function renderBlock(block) {
    var data = block.data || {};
    var box;
    switch (block.kind) {
      case 'product_card': {
        box = card(block.kind, data.name, data.url);
        var price = data.price || {};
        // A variable product's range of prices, as the shop shows it.
        var amount = price.min_price && price.max_price && price.min_price !== price.max_price ? price.min_price + ' – ' + price.max_price : price.price;
        var priceLine = el('p', 'pg-price', amount + ' ' + price.currency);
        if (data.on_sale && price.regular_price && price.regular_price !== price.price) priceLine.appendChild(el('s', 'muted', ' ' + price.regular_price));
        box.appendChild(priceLine);
        var stock = { instock: 'In stock', outofstock: 'Out of stock', onbackorder: 'On backorder' }[data.stock_status] || data.stock_status;
        box.appendChild(el('p', 'muted', stock + (data.stock_quantity !== null && data.stock_quantity !== undefined ? ' (' + data.stock_quantity + ')' : '') + (data.sku ? ' · SKU ' + data.sku : '')));
        break;
      }
      case 'pricing_card': {
        box = card(block.kind, data.title, data.url);
        if (data.summary) box.appendChild(el('p', '', data.summary));
        var points = el('ul', 'pg-points');
        (data.price_points || []).forEach(function (point) {
          points.appendChild(el('li', '', point));
        });
        box.appendChild(points);
        break;
      }
      case 'case_study_card':
        box = card(block.kind, data.title, data.url);
        if (data.summary) box.appendChild(el('p', '', data.summary));
        break;
      case 'escalation_button': {
        box = card(block.kind);
        var target = data.type === 'url' ? safeHref(data.value) : data.type === 'email' && data.value ? 'mailto:' + data.value : null;
        var action;
        if (target) {
          action = el('a', 'button secondary small', data.label);
          action.href = target;
          action.target = '_blank';
          action.rel = 'noopener noreferrer';
        } else {
          action = el('button', 'secondary small', data.label);
          action.type = 'button';
          action.disabled = true;
          action.title = 'The lead form opens in the live widget';
        }
        box.appendChild(action);
        if (data.reason) box.appendChild(el('p', 'muted', data.reason));
        break;
      }
      case 'coupon_offer':
        box = card(block.kind);
        box.appendChild(el('code', 'pg-coupon', data.code));
        box.appendChild(el('p', '', data.description));
        break;
      default:
        box = card(String(block.kind));
        box.appendChild(pre(data));
    }
    return box;
  }

  // ---- Diagnostics (read-only) ----

  function section(parent, title) {
    var box = el('section', 'pg-diag-section');
    box.appendChild(el('h3', '', title));
    parent.appendChild(box);
    return box;
  }

  function table(rows) {
    var t = el('table', 'pg-kv');
    rows.forEach(function (row) {
      var tr = el('tr');
      tr.appendChild(el('th', '', row[0]));
      tr.appendChild(el('td', '', row[1]));
      t.appendChild(tr);
    });
    return t;
  }

  function ms(value) {
    return value === null || value === undefined ? '—' : value + ' ms';
  }

  function renderDiagnostics(p, d) {
    $('pg-diag-empty').hidden = true;
    var box = p.diag;
    box.textContent = '';
    box.appendChild(el('h2', '', siteTypeLabels[d.site_type] || d.site_type));
    box.appendChild(
      table([
        ['Site type', d.site_type],
        ['Language', d.language + ' (' + d.direction + ')'],
        ['Model', d.model],
        ['Status', d.status || 'complete'],
      ]),
    );
    section(box, 'Latency').appendChild(
      table([
        ['Retrieval', ms(d.latency_ms.retrieval)],
        ['First token', ms(d.latency_ms.first_token)],
        ['Tools', ms(d.latency_ms.tools)],
        ['Total', ms(d.latency_ms.total)],
      ]),
    );
    var confidence = section(box, 'Confidence');
    var meter = el('meter');
    meter.min = 0;
    meter.max = 1;
    meter.value = d.confidence;
    confidence.appendChild(meter);
    confidence.appendChild(el('span', 'pg-confidence', ' ' + Number(d.confidence).toFixed(3)));

    var sources = section(box, 'Retrieved sources (' + d.sources.length + ')');
    if (d.sources.length === 0) sources.appendChild(el('p', 'muted', 'Nothing retrieved.'));
    var list = el('ol', 'pg-ranked');
    d.sources.forEach(function (s) {
      var li = el('li');
      li.appendChild(el('span', 'pg-score', '#' + s.rank + ' · score ' + Number(s.score).toFixed(3) + ' · '));
      li.appendChild(link(s.title, s.url));
      li.appendChild(el('p', 'muted', s.snippet));
      list.appendChild(li);
    });
    sources.appendChild(list);

    var tools = section(box, 'Tool calls (' + d.tool_calls.length + ')');
    if (d.tool_calls.length === 0) tools.appendChild(el('p', 'muted', 'No tool was called.'));
    d.tool_calls.forEach(function (call) {
      var item = el('div', 'pg-tool');
      item.appendChild(el('strong', '', call.name + ' · ' + call.duration_ms + ' ms'));
      item.appendChild(el('p', 'pg-label', 'Arguments'));
      item.appendChild(pre(call.arguments));
      item.appendChild(el('p', 'pg-label', 'Result'));
      item.appendChild(pre(call.result));
      tools.appendChild(item);
    });

    var blocks = section(box, 'Blocks (' + d.blocks.length + ')');
    if (d.blocks.length === 0) blocks.appendChild(el('p', 'muted', 'No blocks.'));
    d.blocks.forEach(function (block) {
      blocks.appendChild(renderBlock(block));
    });

    section(box, 'Usage').appendChild(pre(d.usage));
    section(box, 'Page context the runtime saw').appendChild(pre(d.page_context === null ? 'None' : d.page_context));
    if (d.notes && d.notes.length > 0) section(box, 'Notes').appendChild(pre(d.notes.join('\n')));
    var prompt = section(box, 'System prompt');
    var promptText = pre(d.system_prompt);
    promptText.setAttribute('data-testid', 'system-prompt-' + p.key);
    prompt.appendChild(promptText);

    if (p.key === 'a') $('pg-context-sanitized').textContent = d.page_context === null ? 'None: no page context was sent, or it had no valid http(s) URL.' : JSON.stringify(d.page_context, null, 2);
  }

  /** The URL names the panes' conversations, so that a reload resumes them (until Reset). */
  function rememberConversations() {
    var url = new URL(window.location.href);
    url.searchParams.delete('conversation');
    url.searchParams.delete('compare');
    if (panes.a.conversationId) url.searchParams.set('conversation', panes.a.conversationId);
    if (panes.b.conversationId) url.searchParams.set('compare', panes.b.conversationId);
    window.history.replaceState(null, '', url.pathname + url.search);
  }

  // ---- Streaming a turn ----

  function parseEvent(chunk) {
    var name = 'message';
    var data = [];
    chunk.split('\n').forEach(function (line) {
      if (line.indexOf('event: ') === 0) name = line.slice(7);
      else if (line.indexOf('data: ') === 0) data.push(line.slice(6));
    });
    return data.length > 0 ? { name: name, data: JSON.parse(data.join('\n')) } : null;
  }

  function handle(p, message, event) {
    var data = event.data;
    switch (event.name) {
      case 'start':
        p.conversationId = data.conversation_id;
        rememberConversations();
        message.setDirection(data.language, data.direction);
        break;
      case 'delta':
        message.addText(data.text);
        break;
      case 'block':
        message.addBlock(data);
        break;
      case 'tool_call':
        message.addToolCall(data);
        break;
      case 'sources':
        message.setSources(data.sources);
        break;
      case 'diagnostics':
        renderDiagnostics(p, data);
        break;
      case 'error':
        message.fail(data.message);
        break;
    }
    p.log.scrollTop = p.log.scrollHeight;
  }

  async function runTurn(p, text, pageContext) {
    addUserMessage(p, text);
    var message = assistantMessage(p);
    var body = { message: text };
    if (p.conversationId) body.conversation_id = p.conversationId;
    var siteType = paneSiteType(p);
    if (siteType) body.site_type_override = siteType;
    var locale = selectedLocale();
    if (locale) body.language_override = locale.tag;
    if (pageContext) body.page_context = pageContext;
    try {
      var response = await fetch('/app/agents/' + encodeURIComponent(agentId) + '/playground/stream', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify(body),
        credentials: 'same-origin',
      });
      if (!response.ok || !response.body) {
        var problem = await response.json().catch(function () {
          return { message: 'The request failed (' + response.status + ')' };
        });
        message.fail(problem.message);
        return;
      }
      var reader = response.body.getReader();
      var decoder = new TextDecoder();
      var buffer = '';
      for (;;) {
        var next = await reader.read();
        if (next.done) break;
        buffer += decoder.decode(next.value, { stream: true });
        var end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          var chunk = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          var event = parseEvent(chunk);
          if (event) handle(p, message, event);
        }
      }
    } catch (error) {
      message.fail('The connection failed: ' + error.message);
    } finally {
      message.finish();
    }
  }

  async function send(text) {
    text = text.trim();
    if (!text || sendButton.disabled) return;
    var pageContext = currentPageContext();
    if (pageContext === undefined) {
      status.textContent = 'Fix the page context JSON first (Page context tab).';
      return;
    }
    input.value = '';
    sendButton.disabled = true;
    status.textContent = 'Streaming…';
    var turns = [runTurn(panes.a, text, pageContext)];
    if (compareBox.checked) turns.push(runTurn(panes.b, text, pageContext));
    await Promise.all(turns);
    sendButton.disabled = false;
    status.textContent = 'Done.';
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    send(input.value);
  });

  root.addEventListener('click', function (event) {
    var sample = event.target.closest('.pg-sample');
    if (!sample) return;
    siteTypeSelect.value = sample.getAttribute('data-site-type');
    refreshTitles();
    send(sample.getAttribute('data-prompt'));
  });

  $('pg-reset').addEventListener('click', async function () {
    var failed = false;
    for (var key of Object.keys(panes)) {
      var p = panes[key];
      if (p.conversationId) {
        var response = await fetch('/app/agents/' + encodeURIComponent(agentId) + '/playground/reset', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: JSON.stringify({ conversation_id: p.conversationId }),
          credentials: 'same-origin',
        });
        if (!response.ok) failed = true;
      }
      p.log.textContent = '';
      p.diag.textContent = '';
    }
    rememberConversations();
    $('pg-diag-empty').hidden = false;
    $('pg-context-sanitized').textContent = 'No turn yet.';
    status.textContent = failed ? 'The history could not be cleared; reload and try again.' : 'The conversation was cleared.';
  });

  siteTypeSelect.addEventListener('change', refreshTitles);
  compareSelect.addEventListener('change', refreshTitles);
  compareBox.addEventListener('change', refreshTitles);
  languageSelect.addEventListener('change', refreshLanguage);

  // ---- Tabs ----

  var tabs = Array.prototype.slice.call(root.querySelectorAll('[role="tab"]'));
  tabs.forEach(function (tab) {
    tab.addEventListener('click', function () {
      tabs.forEach(function (other) {
        var selected = other === tab;
        other.setAttribute('aria-selected', selected ? 'true' : 'false');
        $(other.getAttribute('aria-controls')).hidden = !selected;
      });
    });
  });

  // ---- Page context: templates, form, raw JSON, byte counts ----

  var TEMPLATES = {
    shop_product: {
      url: 'https://shop.example/product/trail-running-shoe',
      title: 'Trail running shoe – Fernhill Outdoor',
      description: 'Waterproof trail running shoe with a grippy outsole.',
      og: { title: 'Trail running shoe', type: 'product', site_name: 'Fernhill Outdoor', image: 'https://shop.example/img/trail-shoe.jpg' },
      json_ld: [{ '@context': 'https://schema.org', '@type': 'Product', name: 'Trail running shoe', sku: 'TRAIL-42', offers: { '@type': 'Offer', price: '89.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' } }],
      headings: ['Trail running shoe', 'Sizes and fit', 'Reviews'],
      body_text: 'The trail running shoe keeps feet dry on muddy mountain paths. Sizes 38 to 47. Free returns within 30 days.',
    },
    saas_pricing: {
      url: 'https://app.example/pricing',
      title: 'Pricing – Acme Analytics',
      description: 'Simple plans for teams of every size.',
      og: { title: 'Acme Analytics pricing', type: 'website', site_name: 'Acme Analytics' },
      headings: ['Pricing', 'Starter', 'Team', 'Enterprise', 'FAQ'],
      body_text: 'Starter: 19 EUR per month for 3 users. Team: 49 EUR per month for 20 users. Enterprise: contact sales. Every plan starts with a 14-day free trial.',
    },
    documentation: {
      url: 'https://docs.example/guides/install',
      title: 'Installing the plugin – Docs',
      description: 'Install and connect the plugin in five minutes.',
      headings: ['Installing the plugin', 'Requirements', 'Connect your site', 'Troubleshooting'],
      body_text: 'Requirements: WordPress 6.0 or later and PHP 8.1. Upload the zip under Plugins, activate it, then paste your API token under Settings.',
    },
    help_article: {
      url: 'https://help.example/articles/reset-password',
      title: 'How do I reset my password?',
      description: 'Steps to reset a forgotten password.',
      json_ld: [{ '@context': 'https://schema.org', '@type': 'FAQPage', name: 'Reset your password' }],
      headings: ['Reset your password', 'Did not get the email?'],
      body_text: 'Click "Forgot password" on the sign-in page, enter your email and follow the link we send you. The link is valid for one hour.',
    },
    marketing: {
      url: 'https://www.example.com/',
      title: 'Acme – Customer analytics for retailers',
      description: 'Understand every customer, in real time.',
      og: { title: 'Acme', type: 'website', site_name: 'Acme', description: 'Customer analytics for retailers' },
      headings: ['Customer analytics for retailers', 'Trusted by 500 brands', 'Book a demo'],
      body_text: 'Acme helps retailers understand their customers. Northwind grew repeat purchases by 23% in six months.',
    },
    blank: {},
  };

  var TEXT_FIELDS = ['url', 'canonical_url', 'title', 'description'];
  var OG_FIELDS = ['title', 'description', 'image', 'type', 'site_name', 'url'];

  function bytes(text) {
    return new TextEncoder().encode(text).length;
  }

  function setCount(field, count) {
    var out = root.querySelector('[data-bytes-for="' + field + '"]');
    out.textContent = count + ' / ' + CAP + ' bytes' + (count > CAP ? ' (over the cap: the runtime cuts it)' : '');
    out.classList.toggle('pg-over', count > CAP);
  }

  function field(name) {
    return contextForm.elements.namedItem(name);
  }

  /** The form's fields as a page_context object; undefined when the JSON-LD field is not valid JSON. */
  function formToContext() {
    var context = {};
    TEXT_FIELDS.forEach(function (name) {
      var value = field(name).value.trim();
      if (value) context[name] = value;
    });
    var og = {};
    OG_FIELDS.forEach(function (name) {
      var value = field('og.' + name).value.trim();
      if (value) og[name] = value;
    });
    if (Object.keys(og).length > 0) context.og = og;
    var headings = field('headings')
      .value.split('\n')
      .map(function (line) {
        return line.trim();
      })
      .filter(Boolean);
    if (headings.length > 0) context.headings = headings;
    var jsonLd = field('json_ld').value.trim();
    if (jsonLd) {
      try {
        var parsed = JSON.parse(jsonLd);
        context.json_ld = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        return undefined;
      }
    }
    var body = field('body_text').value;
    if (body.trim()) context.body_text = body;
    return context;
  }

  function contextToForm(context) {
    TEXT_FIELDS.forEach(function (name) {
      field(name).value = typeof context[name] === 'string' ? context[name] : '';
    });
    var og = context.og && typeof context.og === 'object' ? context.og : {};
    OG_FIELDS.forEach(function (name) {
      field('og.' + name).value = typeof og[name] === 'string' ? og[name] : '';
    });
    field('headings').value = Array.isArray(context.headings) ? context.headings.join('\n') : '';
    field('json_ld').value = context.json_ld ? JSON.stringify(context.json_ld, null, 2) : '';
    field('body_text').value = typeof context.body_text === 'string' ? context.body_text : '';
  }

  function updateCounts(context) {
    setCount('body_text', bytes(context.body_text || ''));
    setCount('headings', bytes((context.headings || []).join('\n')));
    setCount('json_ld', context.json_ld ? bytes(JSON.stringify(context.json_ld)) : 0);
    previewSanitized(context);
  }

  // What the runtime will see of the form: asked of the server's sanitizer, a moment after typing stops.
  var previewTimer = 0;
  var previewSeq = 0;
  function previewSanitized(context) {
    window.clearTimeout(previewTimer);
    previewTimer = window.setTimeout(async function () {
      var seq = ++previewSeq;
      try {
        var response = await fetch('/app/agents/' + encodeURIComponent(agentId) + '/playground/page-context', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: JSON.stringify({ page_context: Object.keys(context).length > 0 ? context : null }),
        });
        if (seq !== previewSeq) return;
        var out = $('pg-context-sanitized');
        if (!response.ok) {
          out.textContent = response.status === 413 ? 'Too large to preview: the runtime cuts each field to 8 KB.' : 'Preview unavailable.';
          return;
        }
        var data = await response.json();
        out.textContent = data.page_context === null ? 'None: no valid http(s) URL, so the runtime sees no page context.' : JSON.stringify(data.page_context, null, 2);
      } catch {
        if (seq === previewSeq) $('pg-context-sanitized').textContent = 'Preview unavailable.';
      }
    }, 300);
  }

  function syncFromForm() {
    var context = formToContext();
    if (context === undefined) {
      contextError.textContent = 'The JSON-LD field is not valid JSON.';
      return;
    }
    contextError.textContent = '';
    contextJson.value = Object.keys(context).length > 0 ? JSON.stringify(context, null, 2) : '';
    updateCounts(context);
  }

  function syncFromJson() {
    var text = contextJson.value.trim();
    var context = {};
    if (text) {
      try {
        context = JSON.parse(text);
      } catch (error) {
        contextError.textContent = 'Not valid JSON: ' + error.message;
        return;
      }
      if (!context || typeof context !== 'object' || Array.isArray(context)) {
        contextError.textContent = 'The page context must be a JSON object.';
        return;
      }
    }
    contextError.textContent = '';
    contextToForm(context);
    updateCounts(context);
  }

  /** What the next turn sends: null for none, undefined when the JSON is invalid. */
  function currentPageContext() {
    var text = contextJson.value.trim();
    if (!text) return null;
    try {
      var parsed = JSON.parse(text);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) && Object.keys(parsed).length > 0 ? parsed : null;
    } catch {
      return undefined;
    }
  }

  root.querySelectorAll('[data-template]').forEach(function (button) {
    button.addEventListener('click', function () {
      var template = TEMPLATES[button.getAttribute('data-template')] || {};
      contextToForm(template);
      syncFromForm();
      status.textContent = 'Template applied: ' + button.textContent + '. It is sent with the next message.';
    });
  });
  contextForm.addEventListener('input', syncFromForm);
  contextJson.addEventListener('input', syncFromJson);

  // ---- The tester's earlier conversation, kept until Reset ----

  function restore(p, conversation) {
    if (!conversation) return;
    p.conversationId = conversation.id;
    var last = null;
    conversation.messages.forEach(function (m) {
      if (m.role === 'user') {
        addUserMessage(p, m.content);
        return;
      }
      var message = assistantMessage(p);
      if (m.diagnostics) message.setDirection(m.diagnostics.language, m.diagnostics.direction);
      message.addText(m.content);
      message.finish();
      (m.blocks || []).forEach(message.addBlock);
      message.setSources(m.sources || []);
      if (m.diagnostics) last = m.diagnostics;
    });
    if (last) renderDiagnostics(p, last);
    p.log.scrollTop = p.log.scrollHeight;
  }

  updateCounts({});
  restore(panes.a, state.conversation);
  restore(panes.b, state.compare_conversation);
  // A page left in compare mode comes back in it, with the second pane's vertical.
  if (state.compare_conversation) {
    compareBox.checked = true;
    var lastCompare = state.compare_conversation.messages.filter(function (m) {
      return m.diagnostics;
    }).pop();
    if (lastCompare) compareSelect.value = lastCompare.diagnostics.site_type;
  }
  refreshTitles();
  refreshLanguage();
  root.setAttribute('data-ready', 'true');
})();
