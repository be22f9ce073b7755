// One lint config for the whole repository (server, web, contract, e2e, scripts).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import path from 'node:path';

const WEB_SRC = path.resolve(import.meta.dirname, 'apps/web/src');
// Shared web code: it never imports a feature.
const SHARED_AREAS = new Set(['components', 'lib', 'contract', 'test']);

/**
 * Which part of apps/web/src a file belongs to: `features/<name>` for a feature, else its top-level folder
 * (`components`, `lib`, `routes`…), or null outside apps/web/src.
 * @param {string} file
 * @returns {string | null}
 */
function webArea(file) {
  const rel = path.relative(WEB_SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top = '', name] = rel.split(path.sep);
  return top === 'features' && name ? `features/${name}` : top;
}

/**
 * The web app's layering: a feature never imports another feature (through `@/features/…` or a relative
 * path), and shared code (components, lib, contract, test) never imports any feature. Routes and the entry
 * files compose features. What several features need lives in shared code or is passed in by the route.
 */
/** @type {import('eslint').Rule.RuleModule} */
const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = webArea(context.filename);
    if (from === null || !(from.startsWith('features/') || SHARED_AREAS.has(from))) return {};
    /** @param {{ source?: import('estree').Node | null }} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      let target;
      if (spec.startsWith('@/')) target = path.join(WEB_SRC, spec.slice(2));
      else if (spec.startsWith('.')) target = path.resolve(path.dirname(context.filename), spec);
      else return;
      const to = webArea(target);
      if (!to?.startsWith('features/') || to === from) return;
      context.report({
        node: source,
        message: from.startsWith('features/')
          ? `${from} imports ${to}: features never import each other; move the shared piece to components/ or lib/, or pass it in from the route.`
          : `Shared code (${from}) imports ${to}: only routes compose features.`,
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/routeTree.gen.ts',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, web: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Shared code never imports features; features never import each other.
      'web/feature-boundaries': 'error',
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['*/apps/web/*'], message: 'The server never imports the web app.' }] },
      ],
    },
  },
  prettier,
);
