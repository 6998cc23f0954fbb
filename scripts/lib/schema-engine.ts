// Prisma's schema engine as WebAssembly, driven through the pg driver adapter, so that
// migrations are created and applied without the native engine (which cannot be
// downloaded here). See STACK.md, "Migrations through @prisma/schema-engine-wasm", for
// the four fixes applied below.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { PrismaPg } from '@prisma/adapter-pg'
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils'
import * as bg from '@prisma/schema-engine-wasm/schema_engine_bg'
import pg from 'pg'
import { splitSqlStatements } from './sql-split.ts'

type SchemaEngine = bg.SchemaEngine

const PG_CHAR_OID = 18
const PG_TEXT_OID = 25
const COLUMN_TYPE_CHARACTER = 6 // ColumnTypeEnum.Character in @prisma/driver-adapter-utils

let wasmReady: Promise<void> | undefined

function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    // Fix 4: without a registry, an engine panic surfaces as a meaningless TypeError.
    const registry = { message: '', set_message(value: string) { this.message = value } }
    ;(globalThis as Record<string, unknown>).PRISMA_WASM_PANIC_REGISTRY = registry
    const require = createRequire(import.meta.url)
    const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm')), 'schema_engine_bg.wasm')
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
      './schema_engine_bg.js': bg as unknown as WebAssembly.ModuleImports,
    })
    bg.__wbg_set_wasm(instance.exports)
    ;(instance.exports.__wbindgen_start as () => void)()
  })()
  return wasmReady
}

export type DbParams = { host: string; port: number; user: string; password?: string; database: string }

/** Fix 3: never hand pg a connection string here, or it overrides `database` for the shadow. */
export function dbParamsFromUrl(url: string): DbParams {
  const u = new URL(url)
  return {
    host: decodeURIComponent(u.hostname) || '127.0.0.1',
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username || 'postgres'),
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres',
  }
}

let patched = false

/** Fix 1: Postgres' internal "char" columns (OID 18) are read as text and reported as Character. */
function patchCharColumns(adapter: object) {
  if (patched) return
  patched = true
  const queryable = Object.getPrototypeOf(Object.getPrototypeOf(adapter)) as {
    performIO: (q: unknown) => Promise<pg.QueryResult>
    queryRaw: (q: unknown) => Promise<{ columnTypes: number[]; rows: unknown[] }>
  }
  const charColumns = new WeakMap<object, number[]>()
  const performIO = queryable.performIO
  queryable.performIO = async function (this: unknown, query) {
    const result = await performIO.call(this, query)
    const indexes: number[] = []
    result.fields?.forEach((field, i) => {
      if (field.dataTypeID === PG_CHAR_OID) {
        field.dataTypeID = PG_TEXT_OID
        indexes.push(i)
      }
    })
    if (indexes.length > 0) charColumns.set(result.rows, indexes)
    return result
  }
  const queryRaw = queryable.queryRaw
  queryable.queryRaw = async function (this: unknown, query) {
    const result = await queryRaw.call(this, query)
    for (const i of charColumns.get(result.rows) ?? []) result.columnTypes[i] = COLUMN_TYPE_CHARACTER
    return result
  }
}

type ScriptAdapter = { executeScript(script: string): Promise<void>; underlyingDriver(): pg.Pool }

/**
 * Fix 5: the adapter splits a migration script on every ";", which cuts a plpgsql body
 * (a trigger function) apart. Split where statements end, and run each as before.
 */
function splitScriptsProperly<A extends ScriptAdapter>(adapter: A): A {
  // The adapter's own error mapping (a DriverAdapterError the engine can report).
  const onError = (adapter as unknown as { onError(error: unknown): never }).onError.bind(adapter)
  adapter.executeScript = async (script: string) => {
    const pool = adapter.underlyingDriver()
    for (const statement of splitSqlStatements(script)) {
      try {
        await pool.query(statement)
      } catch (error) {
        onError(error)
      }
    }
  }
  return adapter
}

/** Fix 2: end the shadow pool before dropping the shadow database, and force the drop. */
class MigrationAdapterFactory extends PrismaPg {
  private readonly opened: pg.Pool[] = []

  constructor(private readonly params: DbParams) {
    super({ ...params, max: 2 })
  }

  override async connect() {
    const adapter = splitScriptsProperly(await super.connect())
    this.opened.push(adapter.underlyingDriver())
    return adapter
  }

  /** Ends every pool the engine opened: they would otherwise linger for about 10 s. */
  async close() {
    await Promise.allSettled(this.opened.map((pool) => pool.end()))
  }

  override async connectToShadowDb() {
    const shadowName = `prisma_migrate_shadow_db_${crypto.randomUUID().replaceAll('-', '')}`
    const admin = new pg.Client(this.params)
    await admin.connect()
    await admin.query(`CREATE DATABASE "${shadowName}"`)
    await admin.end()
    const shadow = new PrismaPg({ ...this.params, database: shadowName, max: 2 })
    const adapter = splitScriptsProperly(await shadow.connect())
    const dispose = adapter.dispose.bind(adapter)
    adapter.dispose = async () => {
      await dispose().catch(() => undefined)
      await adapter.underlyingDriver().end().catch(() => undefined)
      const cleaner = new pg.Client(this.params)
      await cleaner.connect()
      await cleaner.query(`DROP DATABASE IF EXISTS "${shadowName}" WITH (FORCE)`)
      await cleaner.end()
    }
    return adapter
  }
}

export type OpenEngine = { engine: SchemaEngine; close: () => Promise<void> }

export async function openSchemaEngine(url: string, schemaPath: string): Promise<OpenEngine> {
  await loadWasm()
  const params = dbParamsFromUrl(url)
  const factory = new MigrationAdapterFactory(params)
  const probe = await factory.connect()
  patchCharColumns(probe)
  await probe.dispose()
  const schema = await readFile(schemaPath, 'utf8')
  const logs: string[] = []
  const engine = await bg.SchemaEngine.new(
    { datamodels: [[schemaPath, schema]] },
    (line: string) => logs.push(line),
    bindMigrationAwareSqlAdapterFactory(factory),
  )
  return {
    engine,
    close: async () => {
      engine.free()
      await factory.close()
    },
  }
}

export type EngineError = Error & { message: string }

/** Wraps engine calls so a panic message is not lost. */
export async function engineCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    const registry = (globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { message: string } }).PRISMA_WASM_PANIC_REGISTRY
    if (registry?.message) throw new Error(`schema engine panic: ${registry.message}`)
    throw error
  }
}
