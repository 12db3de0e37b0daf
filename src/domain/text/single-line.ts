import { z } from 'zod/mini';
import { TEXT_MESSAGES } from '../messages/text';

// The one rule for single-line fields (package names and descriptions, education titles,
// certificate names, a support mail's subject): visible text on one line. These values reach
// email bodies and subjects verbatim, where a CR/LF or a control character could forge headers
// or fake lines.

/* eslint-disable no-control-regex -- finding control characters is the point */
/** C0 controls (tab, CR and LF among them), DEL, C1 controls, and Unicode's line and paragraph separators. */
const NOT_ONE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/* eslint-enable no-control-regex */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text is one line of visible characters (an empty text is one line too). */
export const isSingleLine = (text: string) =>
  !NOT_ONE_LINE.test(text) && !LONE_SURROGATE.test(text);

/** A trimmed string schema that also holds the single-line rule, with its message. */
export const singleLineText = (schema: z.ZodMiniString<string> = z.string()) =>
  schema.check(z.refine(isSingleLine, TEXT_MESSAGES.singleLine));
