// The dashboard's small behaviours, loaded as a file because the pages allow no inline script.
// Every page works without it; it adds copy buttons and confirmations.
'use strict';

function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  // Plain-http installs have no Clipboard API: select a temporary field and use the old command.
  return new Promise(function (resolve, reject) {
    var area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'offscreen';
    document.body.appendChild(area);
    area.select();
    var copied = document.execCommand('copy');
    document.body.removeChild(area);
    if (copied) resolve();
    else reject(new Error('copy refused'));
  });
}

document.addEventListener('click', function (event) {
  var button = event.target instanceof Element ? event.target.closest('[data-copy-target]') : null;
  if (!button) return;
  var source = document.getElementById(button.getAttribute('data-copy-target'));
  if (!source) return;
  var label = button.textContent;
  copyText(source.textContent.trim()).then(
    function () {
      button.textContent = 'Copied';
      button.setAttribute('data-copied', 'true');
    },
    function () {
      button.textContent = 'Press Ctrl+C to copy';
      var range = document.createRange();
      range.selectNodeContents(source);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
    },
  );
  window.setTimeout(function () {
    button.textContent = label;
  }, 2500);
});

document.addEventListener('submit', function (event) {
  var form = event.target;
  var question = form instanceof Element ? form.getAttribute('data-confirm') : null;
  if (question && !window.confirm(question)) event.preventDefault();
});

// Assistant and team replies in transcripts are Markdown: the widget's own renderer (markdown.js,
// loaded before this file) shows them as the visitor saw them, each in its own direction (the
// page marks every message dir="auto", so Arabic or Hebrew reads right to left). It builds nodes
// from the text, never HTML; without it (the widget not built) the reply stays as written.
function renderTranscripts(root) {
  var markdown = window.StorefrontAssistantMarkdown;
  if (!markdown) return;
  root.querySelectorAll('.transcript .message.assistant > .content, .transcript .message.team > .content').forEach(function (content) {
    if (content.classList.contains('markdown')) return;
    var source = content.textContent;
    content.replaceChildren(markdown.renderMarkdown(source));
    content.classList.add('markdown');
  });
}
renderTranscripts(document);

// Every signed-in page is live: one stream of the workspace's conversation notices keeps the Inbox
// link's count of visitors waiting for a person current, shows a browser notification when one
// starts waiting (once the member allowed them with the header's button), and hands each notice
// to the page (inbox.js refreshes the list or the open conversation). While a page is open the
// member counts as available to visitors asking for a person.
(function () {
  var nav = document.querySelector('[data-live-nav]');
  if (!nav || typeof window.EventSource !== 'function') return;
  var badge = nav.querySelector('[data-waiting-count]');
  var enable = document.querySelector('[data-enable-notifications]');
  var canNotify = typeof window.Notification === 'function';

  function showEnable() {
    if (enable) enable.hidden = !(canNotify && window.Notification.permission === 'default');
  }
  showEnable();
  if (enable) {
    enable.addEventListener('click', function () {
      // Older browsers answer through a callback and return nothing; a refusal may throw.
      new Promise(function (resolve) {
        resolve(window.Notification.requestPermission());
      }).then(showEnable, showEnable);
    });
  }

  function setCount(count) {
    if (!badge) return;
    badge.setAttribute('data-waiting-count', String(count));
    badge.querySelector('[data-count]').textContent = String(count);
    badge.hidden = count === 0;
  }

  function notify(started) {
    if (!canNotify || window.Notification.permission !== 'granted') return;
    // One notification per conversation, whichever of the member's tabs shows it first.
    var notification = new window.Notification('A visitor is waiting for a person', {
      body: started.agent + ': open the conversation to reply.',
      tag: 'waiting-' + started.conversation_id,
    });
    notification.addEventListener('click', function () {
      window.focus();
      window.location.assign('/app/inbox/' + encodeURIComponent(started.conversation_id));
    });
  }

  var source = new EventSource('/app/api/conversations/stream');
  source.addEventListener('ready', function () {
    document.documentElement.setAttribute('data-inbox-live', 'true');
  });
  source.addEventListener('waiting', function (event) {
    var waiting = JSON.parse(event.data);
    setCount(waiting.count);
    if (waiting.started) notify(waiting.started);
  });
  source.addEventListener('conversation', function (event) {
    document.dispatchEvent(new CustomEvent('dashboard:conversation', { detail: JSON.parse(event.data) }));
  });
})();
