import type { ESLint, Rule } from 'eslint'

export const transactionInSequence: Rule.RuleModule
export const localRules: ESLint.Plugin
