import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { localRules } from './scripts/eslint/transaction-in-sequence.js'

export default tseslint.config(
  { ignores: ['build/**', 'node_modules/**', '.data/**', 'app/generated/**', 'test-results/**', 'playwright-report/**', 'bench/bare/build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, local: localRules },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Queries on one transaction's connection run one at a time (scripts/eslint/).
      'local/transaction-in-sequence': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/routes/**'], message: 'Modules never import routes.' }] },
      ],
    },
  },
)
