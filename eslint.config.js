import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Owned tables (apps/server/src/modules/README.md): a module reaches another module's tables only through that
 * module's public face (its index.ts), never its repository or schema file, nor the all-tables schema index.
 */
const OWNED_REPOSITORIES = {
  group: ['../*/*.repository', '../*/*.repository.*', '**/modules/*/*.repository*'],
  message: "Another module's repository: use that module's service from its index.ts (modules/README.md).",
};
const OWNED_SCHEMAS = {
  group: ['../*/*.schema', '../*/*.schema.*', '**/modules/*/*.schema*', '**/db/schema', '**/db/schema/*'],
  message: "Another module's tables: use that module's service from its index.ts (modules/README.md).",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'coverage/**',
      'artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OWNED_REPOSITORIES, OWNED_SCHEMAS] }] },
  },
  // A schema file may name another module's table for a foreign key (the database enforces the reference
  // either way), and tests and fixtures arrange rows directly; neither may call another module's repository.
  {
    files: [
      'apps/server/src/modules/*/*.schema.ts',
      'apps/server/src/modules/**/*.test.ts',
      'apps/server/src/modules/**/*.fixtures.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [OWNED_REPOSITORIES] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
);
