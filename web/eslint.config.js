// Lint: TypeScript and React hooks rules, no import cycles, and the one-way imports of the architecture:
// app -> features -> components -> lib, and a feature never reaches into another feature.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { dirname, relative, resolve, sep } from 'node:path';
import tseslint from 'typescript-eslint';

const SRC = resolve(import.meta.dirname, 'src');

/**
 * The areas whose sub-folders are features of their own, as on the server: the staff desk's
 * (features/staff/<topic>, crates/server/src/staff/<topic>.rs), the administrators' (features/admin/...)
 * and the lender's (features/client/...). The files directly in an area's folder are one more feature.
 */
const AREAS = new Set(['staff', 'admin', 'client']);

/** 'app', 'components', 'lib', 'test', 'features/<name>' or 'features/<area>/<name>' (or null outside src) for a file path. */
function layerOf(file) {
  const parts = relative(SRC, file).split(sep);
  if (parts[0] === '..' || parts.length < 2) return null;
  if (parts[0] !== 'features') return parts[0];
  return AREAS.has(parts[1]) && parts.length > 3 ? `features/${parts[1]}/${parts[2]}` : `features/${parts[1]}`;
}

/** Which layers a layer may import from (its own always): each one only from the layers below it. */
function mayImport(from, to) {
  if (from === to || to === null || to === 'test') return true;
  if (from === 'app') return true;
  if (from.startsWith('features/')) return to === 'components' || to === 'lib';
  if (from === 'components') return to === 'lib';
  if (from === 'lib') return false;
  return true; // tests and setup files
}

const boundaries = {
  rules: {
    'one-way-imports': {
      meta: { type: 'problem', messages: { crossing: '{{from}} may not import from {{to}} (app -> features -> components -> lib).' } },
      create(context) {
        // Tests render the whole app; only the product's own files keep to the layers.
        const from = /\.test\.tsx?$/.test(context.filename) ? null : layerOf(context.filename);
        // Static and lazy imports, and re-exports (`export ... from`), all count.
        function check(node) {
          const source = node.source?.value;
          if (from === null || typeof source !== 'string' || !source.startsWith('.')) return;
          const to = layerOf(resolve(dirname(context.filename), source));
          if (!mayImport(from, to)) context.report({ node, messageId: 'crossing', data: { from, to } });
        }
        return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
    'staff-topic-folders': {
      meta: { type: 'problem', messages: { loose: 'A staff desk file belongs in its feature folder, features/staff/<topic>/ (server staff/<topic>.rs).' } },
      create(context) {
        const parts = relative(SRC, context.filename).split(sep);
        const loose = parts.length === 3 && parts[0] === 'features' && parts[1] === 'staff';
        return loose ? { Program: (node) => context.report({ node, messageId: 'loose' }) } : {};
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'src/lib/api-schema.d.ts', '*.config.{js,cjs,mjs}', 'e2e/*.mjs', 'scripts/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, boundaries },
    rules: {
      // The two classic hook rules (the React Compiler's stricter set is not adopted yet).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'boundaries/one-way-imports': 'error',
      'boundaries/staff-topic-folders': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No import cycles between the app's own modules (type-only imports are left out: they vanish
    // at build time). Resolves the relative imports like Vite does, .ts/.tsx first.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The order page's action registry imports every dialog; a dialog takes its shared types from
    // actions/types.ts, so the two never import each other.
    files: ['src/features/orders/details/actions/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/actionDialogs'], message: 'Import the shared types from ./types, not the registry.' }] }],
    },
  },
);
