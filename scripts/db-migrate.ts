// `npm run db:migrate` applies pending migrations; `npm run db:migration -- <name>` writes
// a new one from the difference between prisma/migrations and prisma/schema.prisma.
// Both use the wasm schema engine, so they work without downloading Prisma's native engine.
import path from 'node:path'
import { getEnv } from '../app/modules/config/env.server.ts'
import { openDatabaseServer, ensureDatabase, ensureRuntimeRole } from './lib/database.ts'
import { createMigration, deployMigrations } from './lib/migrations.ts'

const [command, name] = process.argv.slice(2)
const database = await openDatabaseServer({ purpose: 'app', dataDir: path.resolve(getEnv().DATA_DIR) })
const dbName = database.embedded ? 'dating' : database.defaultDatabase
try {
  await ensureDatabase(database, dbName)
  if (command === 'create') {
    if (!name) throw new Error('usage: npm run db:migration -- <name>')
    // Bring the database up to date first, so the new migration is the only difference.
    await deployMigrations(database.ownerUrl(dbName))
    const dir = await createMigration(database.ownerUrl(dbName), name)
    console.info(dir ? `wrote prisma/migrations/${dir}/migration.sql (review it, add RLS policies for new scoped tables, then npm run db:migrate)` : 'schema and migrations agree: nothing to write')
  } else {
    const applied = await deployMigrations(database.ownerUrl(dbName))
    await ensureRuntimeRole(database, dbName)
    console.info(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'no pending migrations')
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await database.stop()
  // The engine's pools keep the process alive for a while otherwise.
  process.exit()
}
