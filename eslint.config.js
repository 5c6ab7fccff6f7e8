import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.esbuild*',
      '.serverless',
      '.data',
      'coverage',
      'bench/results',
      'generated',
      '.test-temp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Logs go through the structured logger; scripts and tests may print.
      'no-console': 'error',
    },
  },
  { files: ['scripts/**', 'test/**', 'bench/**'], rules: { 'no-console': 'off' } },
  // Serverless loads its local plugins with require(): they are CommonJS and import the same way.
  { files: ['plugins/**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
