// Serves the bare benchmark app (bench/bare) with the engine's Express stack minus the
// engine: Express, compression, the static assets and Remix's request handler.
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import { compressionFor } from '../../server/edge/compression.ts'
import { getEnv } from '../../app/modules/config/env.server.ts'
import express from 'express'

const port = Number(process.env.BARE_PORT ?? 3210)
const buildDir = path.resolve('bench/bare/build')
const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild

const app = express()
app.disable('x-powered-by')
// The same compression as the engine's (COMPRESSION, level 1 by default).
const compress = compressionFor(getEnv().COMPRESSION)
if (compress) app.use(compress)
app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }))
app.all('*', createRequestHandler({ build, mode: 'production' }))
app.listen(port, '127.0.0.1', () => console.info(`bare server on ${port}`))
