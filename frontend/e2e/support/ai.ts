/**
 * A stand-in for an OpenAI-compatible model server (POST /v1/chat/completions), for a Gamelle
 * started with AI_BASE_URL pointing at it: it answers the needs explanation in the language the
 * prompt asks for (the server's own prompt says "Write the explanation in English/French"),
 * with a little markdown the server must strip. It keeps the prompts it received.
 */
import { createServer, type Server } from 'node:http'

/** What the fake model answers, by language, and what the page must show once cleaned. */
export const fakeExplanation = {
  fr: { answer: '**Vos besoins** couvrent le vélo pour aller travailler et le football du dimanche.', shown: 'Vos besoins couvrent le vélo pour aller travailler et le football du dimanche.' },
  en: { answer: '**Your needs** cover cycling to work and football on Sundays.', shown: 'Your needs cover cycling to work and football on Sundays.' },
} as const

export interface FakeModel {
  /** AI_BASE_URL for Gamelle. */
  baseURL: string
  /** The user prompts received, oldest first. */
  prompts: string[]
  stop(): Promise<void>
}

export async function startFakeModel(): Promise<FakeModel> {
  const prompts: string[] = []
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end()
      return
    }
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      const messages = (JSON.parse(body) as { messages: { role: string; content: string }[] }).messages
      const prompt = messages.find((m) => m.role === 'user')?.content ?? ''
      prompts.push(prompt)
      const lang = prompt.includes('in English') ? 'en' : 'fr'
      const content = JSON.stringify({ explanation: fakeExplanation[lang].answer })
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(
        JSON.stringify({
          id: 'chatcmpl-e2e',
          object: 'chat.completion',
          created: 1,
          model: 'e2e-model',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        }),
      )
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const address = server.address()
  if (!address || typeof address !== 'object') throw new Error('fake model: no address')
  return {
    baseURL: `http://127.0.0.1:${address.port}/v1`,
    prompts,
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  }
}
