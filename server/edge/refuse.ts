// One way to say no at the edge: a short message, JSON for API clients, text otherwise.
import type { Request, Response } from 'express'

export function refuse(req: Request, res: Response, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  res.status(status)
  res.set({ 'Cache-Control': 'no-store', ...headers })
  const wantsJson = req.path.startsWith('/api/') || (req.get('accept') ?? '').includes('application/json')
  if (wantsJson) res.json({ error: code, message })
  else res.type('text/plain').send(`${status} ${message}\n`)
}
