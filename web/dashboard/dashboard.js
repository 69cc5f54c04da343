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

// Assistant replies in transcripts are Markdown: the widget's own renderer (markdown.js, loaded
// before this file) shows them as the visitor saw them. It builds nodes from the text, never HTML;
// without it (the widget not built) the reply stays as written.
(function () {
  var markdown = window.StorefrontAssistantMarkdown;
  if (!markdown) return;
  document.querySelectorAll('.transcript .message.assistant > .content').forEach(function (content) {
    var source = content.textContent;
    content.replaceChildren(markdown.renderMarkdown(source));
    content.classList.add('markdown');
    content.dir = 'auto';
  });
})();
