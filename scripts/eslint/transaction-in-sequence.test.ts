// The local lint rule against parallel queries on one transaction's connection.
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
import { transactionInSequence } from './transaction-in-sequence.js'

RuleTester.describe = describe
RuleTester.it = it
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } })

tester.run('transaction-in-sequence', transactionInSequence, {
  valid: [
    'async function f(tx) { const a = await tx.a.findMany(); const b = await tx.b.count(); return [a, b] }',
    // Each callback opens its own transaction.
    'async function f(db, sites) { return Promise.all(sites.map((s) => withScope(db, s, (tx) => tx.a.findMany()))) }',
    'async function f(db) { return Promise.all([withScope(db, s, async (tx) => tx.a.count()), withScope(db, s, (innerTx) => innerTx.b.count())]) }',
    // No transaction at all.
    'async function f(storage, keys) { await Promise.all(keys.map((k) => storage.delete(k))) }',
    'async function f(row) { await Promise.all([send(row.tx), other({ tx: 1 })]) }',
  ],
  invalid: [
    { code: 'async function f(tx) { return Promise.all([tx.a.findMany(), tx.b.count()]) }', errors: [{ messageId: 'parallel' }] },
    { code: 'async function f(tx, ids) { return Promise.all([tx.a.findMany(), likeStates(tx, ids)]) }', errors: [{ messageId: 'parallel' }] },
    { code: 'async function f(scopedTx, ids) { await Promise.allSettled(ids.map((id) => scopedTx.a.delete({ where: { id } }))) }', errors: [{ messageId: 'parallel' }] },
    { code: 'withScope(db, s, async (tx) => { const [a, b] = await Promise.all([tx.a.findMany(), tx.a.count()]); return a })', errors: [{ messageId: 'parallel' }] },
  ],
})
