import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { webContract, type Node } from './web-contracts';

const transformed = (code: string) => webContract(code, parseAst(code) as unknown as Node)?.code;

describe('the web build of a contract module', () => {
  it("replaces each endpoint's schemas by undefined, keeping what the web reads", () => {
    const code = transformed(`
      const response = z.object({ id: z.string() });
      export const upload = defineEndpoint({
        method: 'POST',
        path: '/api/files/:id',
        params: idParams,
        query: z.object({ page: z.int() }),
        body: MULTIPART,
        status: 201,
        response,
        errors: ['NOT_FOUND'],
      });
      export const save = defineEndpoint({ method: 'PUT', path: '/api/notes', body: saveNotesSchema, status: 200, errors: [] });
    `)!;
    const ast = parseAst(code) as unknown as Node;
    expect(ast.type).toBe('Program');
    expect(code).toContain("method: 'POST'");
    expect(code).toContain("path: '/api/files/:id'");
    expect(code).toContain('params: undefined');
    expect(code).toContain('query: undefined,');
    expect(code).not.toContain('z.int()');
    expect(code).toContain('body: MULTIPART');
    expect(code).toContain('response: undefined');
    expect(code).toContain("errors: ['NOT_FOUND']");
    expect(code).toContain('body: undefined, status: 200');
  });

  it('marks every zod call pure, each call of a chain on its own', () => {
    const code = transformed(
      'export const note = z.string().check(z.trim(), z.maxLength(10, "Too long"));\n' +
        'export const day = z.coerce.number();\n' +
        'export const code = z.string().check(z.trim()).check(z.length(6));\n' +
        'export const other = helper(z.int());\n',
    )!;
    expect(code).toContain(
      'export const note = /* @__PURE__ */ (/* @__PURE__ */ z.string()).check(/* @__PURE__ */ z.trim(), /* @__PURE__ */ z.maxLength(10, "Too long"));',
    );
    expect(code).toContain('export const day = /* @__PURE__ */ z.coerce.number();');
    expect(code).toContain(
      'export const code = /* @__PURE__ */ (/* @__PURE__ */ (/* @__PURE__ */ z.string()).check(/* @__PURE__ */ z.trim())).check(/* @__PURE__ */ z.length(6));',
    );
    // Only zod's own calls: a helper of ours may do anything.
    expect(code).toContain('export const other = helper(/* @__PURE__ */ z.int());');
    expect(parseAst(code).type).toBe('Program');
  });

  it('leaves a module with neither endpoints nor zod calls as it is', () => {
    expect(transformed("export const LIMIT = 20;\nexport const label = 'x';")).toBeUndefined();
  });
});
