// The inbox, live: the workspace's conversation notices (dashboard.js's stream) refresh the list (new and
// waiting conversations appear without a reload) and the open conversation (a visitor's message
// while a person holds it). A reply being typed is never thrown away: the conversation page
// refreshes only while its reply and note boxes are empty. Ctrl+Enter (Cmd+Enter) sends a reply
// or a note.
'use strict';

(function () {
  var live = document.querySelector('[data-live-conversation]');
  var current = live ? live.getAttribute('data-live-conversation') : null;

  function typing() {
    var boxes = document.querySelectorAll('textarea');
    for (var i = 0; i < boxes.length; i++) if (boxes[i].value.trim() !== '') return true;
    return false;
  }

  var refreshing = false;
  function refresh() {
    if (refreshing) return;
    refreshing = true;
    fetch(window.location.href, { credentials: 'same-origin', headers: { accept: 'text/html' } })
      .then(function (response) {
        return response.ok ? response.text() : Promise.reject(new Error('inbox refresh failed: ' + response.status));
      })
      .then(function (text) {
        var fresh = new DOMParser().parseFromString(text, 'text/html').querySelector('main');
        var main = document.querySelector('main');
        if (fresh && main && !typing()) {
          var focused = document.activeElement && document.activeElement.id;
          main.replaceWith(fresh);
          // The refreshed transcript is rendered as the first one was (dashboard.js).
          if (typeof window.renderTranscripts === 'function') window.renderTranscripts(fresh);
          if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
        }
      })
      .catch(function () {})
      .then(function () {
        refreshing = false;
      });
  }

  // dashboard.js holds the page's one stream (every page's badge reads it too) and passes its notices on.
  document.addEventListener('dashboard:conversation', function (event) {
    var notice = event.detail;
    // The list page refreshes on any notice (an empty inbox has no list element yet to look for);
    // a conversation page on notices about itself, or a reconnect that names none.
    if (!live || !notice.conversation_id || notice.conversation_id === current) refresh();
  });

  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    var box = event.target;
    if (box && box.tagName === 'TEXTAREA' && box.form && box.value.trim() !== '') {
      event.preventDefault();
      box.form.requestSubmit();
    }
  });
})();
