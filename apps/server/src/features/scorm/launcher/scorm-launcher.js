// The SCORM launcher, served on the content origin (never the app's). It puts scorm-again's
// CrossFrameAPI where a SCO looks for the run-time (window.API for 1.2, window.API_1484_11 for
// 2004, found by walking up window.parent), then loads the SCO in a frame below it. Every call
// goes by postMessage to the player on the app origin, which holds the real run-time and the
// learner's credentials; nothing here ever sees them.
(() => {
  const meta = document.querySelector('meta[name="atrium-app-origin"]');
  const appOrigin = meta ? meta.getAttribute('content') : null;
  const params = new URLSearchParams(window.location.search);
  const version = params.get('v');
  const root = window.location.pathname.replace(/\/launch$/, '/p/');

  function fail(message) {
    const p = document.createElement('p');
    p.textContent = message;
    document.body.replaceChildren(p);
  }

  // The SCO must be a file of this package: same origin, under this grant's package root.
  let target = null;
  try {
    target = new URL(params.get('sco') || '', window.location.origin + root);
  } catch {
    target = null;
  }
  if (
    !appOrigin ||
    !target ||
    target.origin !== window.location.origin ||
    !target.pathname.startsWith(root) ||
    (version !== '1.2' && version !== '2004') ||
    typeof window.CrossFrameAPI !== 'function'
  ) {
    document.addEventListener('DOMContentLoaded', () => fail('This content cannot be started.'));
    return;
  }

  const api = new window.CrossFrameAPI(appOrigin, window.parent, { timeout: 10000 });
  if (version === '1.2') window.API = api;
  else window.API_1484_11 = api;

  // CrossFrameAPI answers GetValue from a cache it fills after each call; a SCO that reads its
  // bookmark right after Initialize would get nothing. So the stored data is fetched before the
  // SCO starts, and the cache filled with it (counts of collections included).
  function warm(flat) {
    const counts = {};
    for (const [key, value] of Object.entries(flat)) {
      if (typeof value === 'string') api._cache.set(key, value);
      else if (value && typeof value === 'object' && Object.keys(value).length === 0)
        counts[key] = counts[key] || 0;
      const match = /^(.*)\.(\d+)\./.exec(key);
      if (match) counts[match[1]] = Math.max(counts[match[1]] || 0, Number(match[2]) + 1);
    }
    for (const [collection, count] of Object.entries(counts))
      api._cache.set(`${collection}._count`, String(count));
  }

  let started = false;
  function start() {
    if (started) return;
    // The scripts run in the head: the frame waits for the body.
    if (!document.body) {
      document.addEventListener('DOMContentLoaded', start, { once: true });
      return;
    }
    started = true;
    const frame = document.createElement('iframe');
    frame.title = 'SCORM content';
    frame.allow = 'fullscreen; autoplay';
    frame.src = target.href;
    document.body.appendChild(frame);
  }

  const warmId = `atrium-warm-${Date.now()}`;
  function onMessage(event) {
    if (event.origin !== appOrigin || event.source !== window.parent) return;
    const data = event.data;
    if (!data || data.messageId !== warmId) return;
    window.removeEventListener('message', onMessage);
    if (data.result && typeof data.result === 'object') warm(data.result);
    start();
  }
  window.addEventListener('message', onMessage);
  window.parent.postMessage(
    { messageId: warmId, method: 'getFlattenedCMI', params: [] },
    appOrigin,
  );
  // Without an answer the SCO still starts (it asks again on Initialize).
  setTimeout(() => {
    window.removeEventListener('message', onMessage);
    start();
  }, 5000);
})();
