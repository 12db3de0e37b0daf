import { BOOKING_MESSAGES } from '../../../domain/messages';

// The hosted checkout's one script, served as a same-origin file (the CSP allows scripts from
// 'self' only). Without it the page still works; with it:
// - the hold's time left ticks down from the seconds the server rendered, on the page's own
//   monotonic clock (a browser whose date is off still shows the server's hold), and at zero
//   the page says the session expired and Pay is disabled (the server refuses it anyway);
// - Pay sends the form once and reads 'Processing...' until the next page arrives.

export const CHECKOUT_SCRIPT_PATH = '/checkout/local/assets/checkout.js';

export const CHECKOUT_SCRIPT = `(() => {
  const time = document.getElementById('hold-time');
  if (time) {
    const deadline = performance.now() + Number(time.dataset.secondsLeft) * 1000;
    const pad = (n) => String(n).padStart(2, '0');
    const expire = () => {
      const hold = document.getElementById('hold');
      const text = document.getElementById('hold-text');
      const status = document.getElementById('hold-status');
      if (hold) hold.classList.add('expired');
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
  }

  const form = document.querySelector('form[data-pay-form]');
  const pay = form && form.querySelector('button[type="submit"]');
  if (pay) {
    const label = pay.textContent;
    let sent = false;
    form.addEventListener('submit', (event) => {
      if (sent) return event.preventDefault();
      sent = true;
      pay.textContent = ${JSON.stringify(BOOKING_MESSAGES.processing)};
      pay.setAttribute('aria-disabled', 'true');
    });
    // Back from the next page (back/forward cache): the form can be sent again.
    window.addEventListener('pageshow', () => {
      sent = false;
      pay.textContent = label;
      pay.removeAttribute('aria-disabled');
    });
  }
})();
`;
