// Local ESLint rule `local/transaction-in-sequence`: queries on one transaction run one at
// a time. A transaction is one connection; `Promise.all([tx.a(), tx.b()])` sends the second
// query while the first is still running, which node-postgres 9 refuses (and Prisma's
// adapter only queues today). The rule reports a `Promise.all`/`allSettled`/`any`/`race`
// whose arguments use a transaction client (by the codebase's naming: `tx`, or a name
// ending in `Tx`) that was declared outside the call. A callback inside the call that opens
// a transaction of its own (`withScope(db, scope, (tx) => ...)`) is fine.

const COMBINATORS = new Set(['all', 'allSettled', 'any', 'race'])
const TRANSACTION_NAME = /^(tx|[A-Za-z_$][\w$]*Tx)$/

/** @type {import('eslint').Rule.RuleModule} */
export const transactionInSequence = {
  meta: {
    type: 'problem',
    docs: { description: 'Queries on one transaction run in sequence, never through Promise.all' },
    messages: {
      parallel:
        "`{{name}}` is one transaction's connection: its queries must run one after another (await each), not through Promise.{{combinator}}.",
    },
    schema: [],
  },
  create(context) {
    const sourceCode = context.sourceCode
    return {
      CallExpression(node) {
        const callee = node.callee
        if (callee.type !== 'MemberExpression' || callee.object.type !== 'Identifier' || callee.object.name !== 'Promise') return
        if (callee.property.type !== 'Identifier' || !COMBINATORS.has(callee.property.name)) return
        const [start, end] = node.range
        const reported = new Set()
        const visit = (child) => {
          if (!child || typeof child.type !== 'string') return
          if (child.type === 'Identifier' && TRANSACTION_NAME.test(child.name) && !reported.has(child.name) && isReference(child)) {
            const variable = findVariable(sourceCode.getScope(child), child.name)
            const declared = variable?.defs[0]?.name.range
            // Declared inside the call: a transaction of the callback's own.
            if (!declared || declared[0] < start || declared[1] > end) {
              reported.add(child.name)
              context.report({ node: child, messageId: 'parallel', data: { name: child.name, combinator: callee.property.name } })
            }
          }
          for (const key of Object.keys(child)) {
            if (key === 'parent') continue
            const value = child[key]
            if (Array.isArray(value)) value.forEach(visit)
            else if (value && typeof value === 'object' && typeof value.type === 'string') visit(value)
          }
        }
        node.arguments.forEach(visit)
      },
    }
  },
}

/** An identifier that reads a variable (not a property name, key or type). */
function isReference(node) {
  const parent = node.parent
  if (!parent) return true
  if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) return false
  if (parent.type === 'Property' && parent.key === node && !parent.computed && !parent.shorthand) return false
  if (parent.type.startsWith('TS')) return false
  return true
}

function findVariable(scope, name) {
  for (let current = scope; current; current = current.upper) {
    const variable = current.set.get(name)
    if (variable) return variable
  }
  return null
}

export const localRules = { rules: { 'transaction-in-sequence': transactionInSequence } }
