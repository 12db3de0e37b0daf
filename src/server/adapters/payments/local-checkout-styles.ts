// The hosted checkout's stylesheet, inlined in each page (the CSP allows inline styles, and the
// page must not depend on the SPA's build). Light and dark follow the system; every colour pair
// keeps WCAG AA contrast (text >= 4.5:1, field borders >= 3:1).

export const CHECKOUT_CSS = `
:root {
  color-scheme: light dark;
  --bg: #f4f5fa; --surface: #ffffff; --text: #1a1d29; --muted: #555b6a;
  --border: #dcdfe8; --field-border: #858b9b; --primary: #4f46e5; --primary-hover: #4338ca;
  --on-primary: #ffffff; --focus: #4f46e5; --error: #b42318; --error-bg: #fef3f2;
  --badge-bg: #fef3c7; --badge-text: #92400e; --ok: #067647; --shadow: 0 1px 3px rgb(16 24 40 / 0.1);
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f1117; --surface: #181b24; --text: #e8eaf0; --muted: #a6acba;
    --border: #2c3140; --field-border: #7d8496; --primary: #4f46e5; --primary-hover: #5b52f0;
    --on-primary: #ffffff; --focus: #a5b4fc; --error: #fda29b; --error-bg: #2a1415;
    --badge-bg: #3d2a06; --badge-text: #fcd34d; --ok: #75e0a7; --shadow: none;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--text);
  font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
}
a { color: var(--primary); }
@media (prefers-color-scheme: dark) { a { color: var(--focus); } }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.visually-hidden {
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  white-space: nowrap; margin: -1px; padding: 0; border: 0;
}
.layout {
  max-width: 960px; margin: 0 auto; padding: 24px 16px 32px;
  display: grid; gap: 24px;
}
@media (min-width: 860px) {
  .layout { grid-template-columns: 1fr 1fr; gap: 64px; padding: 72px 32px; align-items: start; }
}
.merchant { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; margin-bottom: 24px; }
.merchant .name { font-weight: 650; font-size: 1.05rem; }
.badge {
  background: var(--badge-bg); color: var(--badge-text); border-radius: 999px;
  padding: 2px 10px; font-size: 0.75rem; font-weight: 700; letter-spacing: 0.04em;
  text-transform: uppercase;
}
h1, h2 { margin: 0; line-height: 1.25; }
.summary h1 { display: grid; gap: 4px; }
.pay-label { color: var(--muted); font-size: 1rem; font-weight: 500; }
.amount { font-size: 2.25rem; font-weight: 700; font-variant-numeric: tabular-nums; letter-spacing: -0.01em; }
.description { margin: 8px 0 0; color: var(--muted); }
.hold {
  display: flex; gap: 10px; align-items: flex-start; margin: 24px 0 0; padding: 12px 14px;
  border: 1px solid var(--border); border-radius: 10px; background: var(--surface);
}
.hold svg { flex: none; margin-top: 3px; }
.hold strong { font-variant-numeric: tabular-nums; }
.hold.expired { border-color: var(--error); color: var(--error); background: var(--error-bg); }
.panel {
  background: var(--surface); border: 1px solid var(--border); border-radius: 14px;
  padding: 24px; box-shadow: var(--shadow);
}
@media (max-width: 420px) { .panel { padding: 18px 16px; } }
.panel h2 { font-size: 1.25rem; margin-bottom: 16px; }
.field { display: grid; gap: 6px; margin-bottom: 16px; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
label { font-weight: 600; font-size: 0.9rem; }
.hint { color: var(--muted); font-weight: 400; }
input {
  font: inherit; width: 100%; min-height: 44px; padding: 10px 12px; color: var(--text);
  background: var(--surface); border: 1px solid var(--field-border); border-radius: 8px;
}
input[aria-invalid='true'] { border-color: var(--error); border-width: 2px; }
.field-error { margin: 0; color: var(--error); font-size: 0.9rem; }
.alert {
  border: 1px solid var(--error); background: var(--error-bg); color: var(--text);
  border-radius: 10px; padding: 12px 14px; margin-bottom: 16px;
}
.alert p { margin: 0 0 4px; font-weight: 600; }
.alert ul { margin: 0; padding-left: 20px; }
.alert a { color: var(--error); }
.button {
  display: inline-flex; justify-content: center; align-items: center; width: 100%;
  min-height: 48px; padding: 10px 16px; border-radius: 8px; border: 1px solid transparent;
  font: inherit; font-weight: 650; text-decoration: none; cursor: pointer;
}
.button.primary { background: var(--primary); color: var(--on-primary); }
.button.primary:hover { background: var(--primary-hover); }
.button.primary:disabled { opacity: 0.6; cursor: not-allowed; }
.button.secondary { background: transparent; color: var(--text); border-color: var(--field-border); }
.actions { display: grid; gap: 10px; margin-top: 8px; }
.actions form { margin: 0; }
@media (min-width: 420px) { .actions.side-by-side { grid-template-columns: 1fr 1fr; } }
.failed-icon, .ok-icon { display: block; margin-bottom: 12px; }
.failed-icon { color: var(--error); }
.ok-icon { color: var(--ok); }
.reason { margin: 0 0 16px; }
details { margin-top: 20px; color: var(--muted); font-size: 0.9rem; }
summary { cursor: pointer; font-weight: 600; }
details ul { padding-left: 20px; margin: 8px 0 0; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: var(--text); }
.receipt dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0; }
.receipt dt { color: var(--muted); }
.receipt dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
footer { grid-column: 1 / -1; color: var(--muted); font-size: 0.85rem; text-align: center; }
`;
