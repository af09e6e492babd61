import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request as the test server saw it. */
export interface SeenRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

/** How the test server answers: it may look at the request and how many came before. */
export type Reply = (req: SeenRequest, res: ServerResponse, attempt: number) => void

/**
 * A real HTTP server on a free local port, so the route helper is tested through real fetch,
 * real headers and real bodies rather than a mocked fetch. Each request is recorded.
 */
export async function startServer(reply: Reply) {
  const seen: SeenRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const r: SeenRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) }
      seen.push(r)
      reply(r, res, seen.length)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Answers with a JSON body. */
export function sendJSON(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}
