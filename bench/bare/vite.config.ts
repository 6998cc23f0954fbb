// Builds the bare benchmark app (bench/bare) with the same Remix and Vite as the engine.
import { fileURLToPath } from 'node:url'
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))

export default defineConfig({
  root: here('.'),
  plugins: [
    remix({
      appDirectory: here('./app'),
      buildDirectory: here('./build'),
      future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_singleFetch: true, v3_lazyRouteDiscovery: true },
    }),
  ],
})
