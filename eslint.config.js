import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'wordpress-plugin/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
      // The AI SDK's `internal` entry points are private helpers that change without notice in
      // any release; the model layer (service/src/modules/assistant/model-turn.ts) stands on the
      // provider specification and the public API only.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['ai/internal', 'ai/internal/*', '@ai-sdk/*/internal', '@ai-sdk/*/internal/*'],
              message: "The AI SDK's internal entry points are not a public API: use @ai-sdk/provider's specification and ai's public exports.",
            },
          ],
        },
      ],
    },
  },
  {
    // The widget runs in shoppers' browsers on other people's pages: browser globals, and the
    // patterns that would break a strict CSP or let text become markup are errors. The client's
    // sources are bundled into the widget.
    files: ['widget/**', 'web/**', 'client/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Build DOM nodes; text must never be parsed as HTML.' },
        { property: 'outerHTML', message: 'Build DOM nodes; text must never be parsed as HTML.' },
        { property: 'insertAdjacentHTML', message: 'Build DOM nodes; text must never be parsed as HTML.' },
      ],
    },
  },
  {
    files: ['service/src/cli/**', 'bench/**', 'eval/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
