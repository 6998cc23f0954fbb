// Splits a migration script into statements at the semicolons that end them: not those
// inside quotes, comments or dollar-quoted bodies (a plpgsql trigger function has many).
// The pg driver adapter splits on every ";" (schema-engine.ts, fix 5).

export function splitSqlStatements(script: string): string[] {
  const statements: string[] = []
  let start = 0
  let i = 0
  const n = script.length
  while (i < n) {
    const c = script[i]!
    const next = script[i + 1]
    if (c === '-' && next === '-') {
      const end = script.indexOf('\n', i)
      i = end === -1 ? n : end + 1
    } else if (c === '/' && next === '*') {
      const end = script.indexOf('*/', i + 2)
      i = end === -1 ? n : end + 2
    } else if (c === "'" || c === '"') {
      // A doubled quote inside continues the literal: scanning on finds the pair.
      let j = i + 1
      while (j < n && script[j] !== c) j++
      i = j + 1
    } else if (c === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i))
      if (tag) {
        const end = script.indexOf(tag[0], i + tag[0].length)
        i = end === -1 ? n : end + tag[0].length
      } else i++
    } else if (c === ';') {
      statements.push(script.slice(start, i))
      start = i + 1
      i++
    } else i++
  }
  statements.push(script.slice(start))
  return statements.map((s) => s.trim()).filter((s) => s.length > 0 && !/^(--[^\n]*\n?\s*)*$/.test(s))
}
