import { describe, expect, it } from 'vitest'
import { splitSqlStatements } from './sql-split.ts'

describe('splitSqlStatements', () => {
  it('splits at the semicolons that end statements only', () => {
    const script = `-- a comment; with a semicolon
CREATE TABLE "a;b" (x TEXT DEFAULT 'semi;colon');
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1;
  RETURN NULL;
END
$$;
/* block; comment */ SELECT $tag$ ; $tag$;
`
    expect(splitSqlStatements(script)).toEqual([
      `-- a comment; with a semicolon\nCREATE TABLE "a;b" (x TEXT DEFAULT 'semi;colon')`,
      'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  PERFORM 1;\n  RETURN NULL;\nEND\n$$',
      '/* block; comment */ SELECT $tag$ ; $tag$',
    ])
  })

  it('keeps a doubled quote inside a literal and drops empty or comment-only pieces', () => {
    expect(splitSqlStatements(`SELECT 'it''s; fine';\n-- trailing comment\n`)).toEqual([`SELECT 'it''s; fine'`])
  })
})
