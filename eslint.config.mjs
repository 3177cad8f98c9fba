// One lint configuration for the services, libs, scripts, tests, the console and Display Mode.
// Formatting is Prettier's (.prettierrc.json); ESLint checks correctness and the import boundaries
// of docs/architecture.md (no service imports another; libs/contracts has no runtime dependencies).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVICES = ['esign', 'identity', 'integrations-sync', 'messaging', 'team-admin', 'transactions'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'coverage/**',
      'test-results/**',
      'bench-results/**',
      '.data/**',
      '.test-data/**',
      '**/*.generated.*',
      'libs/contracts/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are errors, except the deliberately ignored (_name) and rest siblings that drop a key.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Nest's DI and class-validator DTOs use empty classes and interfaces merged with classes.
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['console/**/*.{ts,tsx}', 'display/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // libs/contracts: types and names only, importable by the browser apps.
  {
    files: ['libs/contracts/**/*.ts'],
    ignores: ['libs/contracts/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\.)', message: 'libs/contracts holds types and names with no runtime dependencies.' }] },
      ],
    },
  },
  // Libs serve every service and import none of them.
  {
    files: ['libs/**/*.ts'],
    ignores: ['libs/contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)services/', message: 'A lib imports no service: move the shared piece into a lib.' }] },
      ],
    },
  },
  // The browser apps share only libs/contracts with the backend.
  {
    files: ['console/src/**/*.{ts,tsx}', 'display/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@app/(?!contracts$)|(^|/)(services|libs)/',
              message: 'The console and Display Mode import only @app/contracts from the backend.',
            },
          ],
        },
      ],
    },
  },
  // No service imports another: they talk through events and RPC (docs/architecture.md).
  ...SERVICES.map((service) => ({
    files: [`services/${service}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: SERVICES.filter((other) => other !== service).map((other) => ({
            regex: `(^|/)services/${other}(/|$)|^\\.\\./(\\.\\./)*${other}/`,
            message: `services/${service} must not import services/${other}: use its events or RPC.`,
          })),
        },
      ],
    },
  })),
);
