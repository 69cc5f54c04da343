// Draws the analytics chart with Chart.js from the same JSON the API serves. The figures are also
// in a table on the page, so without the library (or without script) nothing is lost.
'use strict';

(function () {
  var canvas = document.getElementById('analytics-chart');
  if (!canvas) return;
  if (typeof window.Chart !== 'function') {
    canvas.setAttribute('data-chart-state', 'unavailable');
    canvas.parentElement.hidden = true;
    var note = document.querySelector('.chart-unavailable');
    if (note) note.hidden = false;
    return;
  }
  var styles = window.getComputedStyle(document.documentElement);
  var accent = styles.getPropertyValue('--accent').trim() || '#1f6feb';
  var second = styles.getPropertyValue('--accent-2').trim() || '#8250df';
  fetch(canvas.getAttribute('data-source'), { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(function (response) {
      if (!response.ok) throw new Error('analytics request failed: ' + response.status);
      return response.json();
    })
    .then(function (data) {
      var days = data.daily;
      new window.Chart(canvas, {
        data: {
          labels: days.map(function (day) {
            return day.date.slice(5);
          }),
          datasets: [
            {
              type: 'bar',
              label: 'Conversations',
              data: days.map(function (day) {
                return day.conversations;
              }),
              backgroundColor: accent,
              yAxisID: 'y',
            },
            {
              type: 'line',
              label: 'Messages',
              data: days.map(function (day) {
                return day.messages;
              }),
              borderColor: second,
              backgroundColor: second,
              tension: 0.25,
              yAxisID: 'y',
            },
          ],
        },
        options: {
          animation: false,
          maintainAspectRatio: false,
          interaction: { mode: 'index', intersect: false },
          scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        },
      });
      canvas.setAttribute('data-chart-state', 'ready');
      drawQuality(data.quality.daily);
    })
    .catch(function (error) {
      canvas.setAttribute('data-chart-state', 'failed');
      console.error(error);
    });

  // Answer quality per day: answers to questions as bars, what became of them as lines.
  function drawQuality(days) {
    var quality = document.getElementById('quality-chart');
    if (!quality) return;
    var line = function (label, key, color) {
      return {
        type: 'line',
        label: label,
        data: days.map(function (day) {
          return day[key];
        }),
        borderColor: color,
        backgroundColor: color,
        tension: 0.25,
      };
    };
    new window.Chart(quality, {
      data: {
        labels: days.map(function (day) {
          return day.date.slice(5);
        }),
        datasets: [
          {
            type: 'bar',
            label: 'Answers',
            data: days.map(function (day) {
              return day.answers;
            }),
            backgroundColor: accent,
          },
          line('Confident', 'confident', '#1a7f37'),
          line('Abstained', 'abstained', '#bf8700'),
          line('Escalated', 'escalated', '#cf222e'),
          line('Thumbs down', 'thumbs_down', second),
        ],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    quality.setAttribute('data-chart-state', 'ready');
  }
})();
