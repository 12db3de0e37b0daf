import type { Rule } from 'eslint';

/** Server modules never import each other both ways (see eslint-one-way-modules.mjs). */
export declare const oneWayModules: Rule.RuleModule;
