import { escapeHtml } from '../../http/escape-html';

// A tiny HTML builder for the hosted checkout's server-rendered pages: every interpolated value
// is escaped unless it is itself built HTML, so a description or a typed name can never become
// markup.

export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

type Part = Html | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  if (part === null || part === undefined || part === false) return '';
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  return new Html(
    strings.reduce((out, text, i) => out + text + (i < parts.length ? render(parts[i]!) : ''), ''),
  );
}

/** Markup we wrote ourselves (styles, icons). */
export const trusted = (markup: string) => new Html(markup);
