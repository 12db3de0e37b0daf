// The hold countdown on the hosted checkout, served as a same-origin file (the CSP allows
// scripts from 'self' only). It counts down from the seconds the server rendered, on the
// page's own monotonic clock, so a browser whose date is off still shows the server's hold;
// the server refuses a late payment anyway. Without JavaScript the page still works.

export const COUNTDOWN_PATH = '/checkout/local/assets/countdown.js';

export const COUNTDOWN_JS = `(() => {
  const time = document.getElementById('hold-time');
  if (!time) return;
  const deadline = performance.now() + Number(time.dataset.secondsLeft) * 1000;
  const pad = (n) => String(n).padStart(2, '0');
  const expire = () => {
    const hold = document.getElementById('hold');
    const text = document.getElementById('hold-text');
    if (hold) hold.classList.add('expired');
    const status = document.getElementById('hold-status');
    if (text) text.textContent = time.dataset.expiredText;
    // Announced once, by a live region that the ticking time is kept out of.
    if (status) status.textContent = time.dataset.expiredText;
    for (const control of document.querySelectorAll('[data-disable-on-expiry]')) control.disabled = true;
  };
  const tick = () => {
    const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
    if (left === 0) return expire();
    time.textContent = Math.floor(left / 60) + ':' + pad(left % 60);
    setTimeout(tick, 1000 - ((deadline - performance.now()) % 1000) + 5);
  };
  tick();
})();
`;
