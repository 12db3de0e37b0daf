import MagicString from 'magic-string';
import type { Plugin } from 'vite';

// The web's production build of the endpoint contracts, without their schemas (ADR 053). In
// production the web reads an endpoint's method, its path and whether its body is a file: the
// server has already checked every answer against the same contract (src/web/lib/api-client.ts).
// Here the schemas inside `defineEndpoint({...})` become `undefined`, and the contracts' zod
// calls are marked pure, so the bundler drops every schema nothing else reads: a page neither
// downloads them nor builds them while its files are evaluated. A schema a form imports stays.
// The development server and the tests keep whole contracts and check each answer with them.

/** The schemas of an endpoint that only the server reads. */
const SERVER_SCHEMAS = new Set(['params', 'query', 'body', 'response']);

/** The contracts' modules: one per area, `src/contracts/<area>.contract.ts`. */
const CONTRACT = /[\\/]src[\\/]contracts[\\/][^\\/]+\.contract\.ts$/;

/** An ESTree node, as the bundler's parser gives it (offsets into the module's code). */
export interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

export function webContracts(): Plugin {
  return {
    name: 'tutora:web-contracts',
    apply: 'build',
    // After TypeScript is stripped, so the parser reads plain JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT.test(id)) return null;
      return webContract(code, this.parse(code) as unknown as Node);
    },
  };
}

/** A contract module's code for the web: its endpoints without schemas, its zod calls pure. */
export function webContract(code: string, program: Node) {
  const text = new MagicString(code);
  visit(program, (node) => {
    if (isDefineEndpoint(node)) {
      stripSchemas(text, node);
      return false; // Its schemas are replaced: nothing below it to mark.
    }
    if (isZodCall(node)) markPure(text, node);
    return true;
  });
  return text.hasChanged() ? { code: text.toString(), map: text.generateMap() } : null;
}

function stripSchemas(text: MagicString, call: Node) {
  const [endpoint] = call.arguments as Node[];
  if (endpoint?.type !== 'ObjectExpression') return;
  for (const property of endpoint.properties as Node[]) {
    const key = property.key as Node | undefined;
    const value = property.value as Node | undefined;
    if (property.type !== 'Property' || key?.type !== 'Identifier' || !value) continue;
    if (!SERVER_SCHEMAS.has(key.name as string)) continue;
    // A file upload's body is a marker, not a schema: call() sends FormData by it.
    if (key.name === 'body' && value.type === 'Identifier' && value.name === 'MULTIPART') continue;
    if (property.shorthand) text.appendLeft(property.end, ': undefined');
    else text.overwrite(value.start, value.end, 'undefined');
  }
}

/** `z.object(…)`, `z.coerce.number(…)`, `z.string().check(…)`: a call whose chain starts at `z`. */
function isZodCall(node: Node): boolean {
  if (node.type !== 'CallExpression') return false;
  let callee = node.callee as Node;
  for (;;) {
    if (callee.type === 'MemberExpression') callee = callee.object as Node;
    else if (callee.type === 'CallExpression') callee = callee.callee as Node;
    else return callee.type === 'Identifier' && callee.name === 'z';
  }
}

/**
 * zod marks its builders pure itself, but the bundler does not carry that through the `z`
 * namespace into every module, and a method of a builder's result (`.check(…)`) is not marked:
 * each call of a chain is marked here, an inner one inside parentheses so the mark is its own.
 */
function markPure(text: MagicString, call: Node) {
  // Outer calls are visited first: each mark goes after those already at this offset.
  text.appendRight(call.start, '/* @__PURE__ */ ');
  const callee = call.callee as Node;
  const inner = callee.type === 'MemberExpression' ? (callee.object as Node) : undefined;
  if (inner?.type === 'CallExpression') {
    text.appendRight(inner.start, '(');
    text.appendLeft(inner.end, ')');
  }
}

function isDefineEndpoint(node: Node): boolean {
  const callee = node.callee as Node | undefined;
  return (
    node.type === 'CallExpression' &&
    callee?.type === 'Identifier' &&
    callee.name === 'defineEndpoint'
  );
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Calls `enter` on each node, depth first, and below a node only when `enter` answered true. */
function visit(node: Node, enter: (node: Node) => boolean) {
  if (!enter(node)) return;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) visit(item, enter);
    if (isNode(value)) visit(value, enter);
  }
}
