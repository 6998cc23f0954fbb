#!/bin/sh
# Stands in for Prisma's native schema engine, which cannot be downloaded offline.
# `prisma generate` only needs an executable here; migrations go through the wasm engine
# (scripts/db-migrate.ts).
if [ "$1" = "--version" ]; then echo "schema-engine-stub 0.0.0"; exit 0; fi
echo "The native Prisma schema engine is not used by this project: run npm run db:migrate." >&2
exit 1
