import { defineConfig } from 'prisma/config'

// The URL is only read by Prisma CLI commands that talk to the database; this project
// applies migrations through scripts/db-migrate.ts, so a placeholder keeps `generate`
// working on a machine without DATABASE_URL.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost/placeholder' },
})
