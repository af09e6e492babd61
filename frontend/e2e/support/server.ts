/**
 * Starting and stopping the processes of a browser test: the Gamelle server (a fresh database
 * each time) and the e2efakes program (SMTP capture + mockoidc, see e2efakes/main.go). Used by
 * global-setup.ts for the shared dev-mailbox server and by test files that need their own server
 * wired to the fakes (`startStack`). Everything listens on 127.0.0.1, on ports the OS picked, and
 * every wait is bounded.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

export const frontendDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const repoDir = resolve(frontendDir, '..')
export const outputDir = resolve(frontendDir, 'test-output')

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared server (dev mailbox, no SMTP, no social provider). */
    baseURL: string
    /** What a test file needs to start a server of its own with startStack. */
    gamelleBin: string
    fakesBin: string
    adminDatabaseUrl: string
    /** A database already migrated and holding the foods, copied for each server (createTemplate). */
    templateDatabase: string
  }
}

export function log(message: string) {
  process.stderr.write(`e2e: ${message}\n`)
}

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => (typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port'))))
    })
  })
}

function psqlBinary(): string {
  try {
    execFileSync('psql', ['--version'], { stdio: 'ignore' })
    return 'psql'
  } catch {
    const bindir = execFileSync('pg_config', ['--bindir']).toString().trim()
    return resolve(bindir, 'psql')
  }
}

export function psql(adminUrl: string, sql: string) {
  execFileSync(psqlBinary(), [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 60_000,
  })
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the process is gone. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) return ok()
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000)
    child.once('exit', () => {
      clearTimeout(kill)
      ok()
    })
    child.kill('SIGTERM')
  })
}

async function waitReady(baseURL: string, server: ChildProcess, logName: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`gamelle serve exited with code ${server.exitCode}; see test-output/${logName}`)
    try {
      const res = await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(2000) })
      if (res.status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`server not ready after ${timeoutMs} ms; see test-output/${logName}`)
}

export interface Gamelle {
  baseURL: string
  stop(): Promise<void>
}

/**
 * A database migrated and holding the CIQUAL foods (`gamelle migrate`, `gamelle foods import`),
 * made once per run: each server's database is a copy of it (CREATE DATABASE … TEMPLATE, a file
 * copy), so a server starts without applying every migration and importing 3,484 foods again
 * (2 to 8 s a server on 2 busy cores). Returns its name and a function that drops it.
 */
export function createTemplate(bin: string, adminUrl: string): { name: string; drop(): void } {
  const name = `e2e_tpl_${randomBytes(6).toString('hex')}`
  psql(adminUrl, `CREATE DATABASE ${name}`)
  const drop = () => {
    try {
      psql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    } catch {
      log(`could not drop ${name}`)
    }
  }
  try {
    const env = { ...process.env, APP_ENV: 'test', DATABASE_URL: withDatabase(adminUrl, name) }
    for (const args of [['migrate'], ['foods', 'import']]) {
      execFileSync(bin, args, { cwd: repoDir, env, stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 })
    }
  } catch (err) {
    drop()
    throw err
  }
  log(`template database ${name}`)
  return { name, drop }
}

/**
 * `gamelle serve` on a free port with APP_ENV=test and a new database, a copy of `template`
 * (createTemplate; it still migrates itself, which finds nothing to do); `env` adds settings
 * (SMTP_URL, GOOGLE_*). Its output goes to test-output/<logName>.
 */
export async function startGamelle(options: {
  bin: string
  adminUrl: string
  template: string
  logName: string
  env?: Record<string, string>
}): Promise<Gamelle> {
  mkdirSync(outputDir, { recursive: true })
  const database = `e2e_${randomBytes(6).toString('hex')}`
  psql(options.adminUrl, `CREATE DATABASE ${database} TEMPLATE ${options.template}`)
  log(`database ${database} (${options.logName})`)
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const serverLog = createWriteStream(resolve(outputDir, options.logName))
  const server = spawn(options.bin, ['serve'], {
    cwd: repoDir,
    env: {
      ...process.env,
      PORT: String(port),
      APP_ENV: 'test',
      APP_URL: baseURL,
      DATABASE_URL: withDatabase(options.adminUrl, database),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.pipe(serverLog)
  server.stderr?.pipe(serverLog)
  const stop = async () => {
    await stopProcess(server)
    serverLog.end()
    try {
      psql(options.adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    } catch {
      log(`could not drop ${database}`)
    }
  }
  try {
    await waitReady(baseURL, server, options.logName, 120_000)
  } catch (err) {
    await stop()
    throw err
  }
  log(`server ready on ${baseURL} (${options.logName})`)
  return { baseURL, stop }
}

/** What e2efakes prints once it listens. */
export interface FakesInfo {
  /** host:port of the SMTP server. */
  smtp: string
  smtpUser: string
  smtpPassword: string
  /** mockoidc's issuer URL, client id and secret. */
  issuer: string
  clientId: string
  clientSecret: string
  /** Base URL of the control API (GET /mail?to=, POST /oidc/users). */
  control: string
}

export interface Fakes {
  info: FakesInfo
  stop(): Promise<void>
}

/**
 * Starts e2efakes. Its stdin stays open as a lifeline: if this process dies without stopping
 * it, the pipe closes and the program exits by itself.
 */
export async function startFakes(bin: string, logName: string): Promise<Fakes> {
  mkdirSync(outputDir, { recursive: true })
  const child = spawn(bin, [], { stdio: ['pipe', 'pipe', 'pipe'] })
  const fakesLog = createWriteStream(resolve(outputDir, logName))
  child.stderr?.pipe(fakesLog)
  const stop = async () => {
    child.stdin?.end()
    await stopProcess(child)
    fakesLog.end()
  }
  try {
    const info = await new Promise<FakesInfo>((ok, fail) => {
      const timer = setTimeout(() => fail(new Error(`e2efakes did not start within 15 s; see test-output/${logName}`)), 15_000)
      const lines = createInterface({ input: child.stdout! })
      lines.once('line', (line) => {
        clearTimeout(timer)
        try {
          ok(JSON.parse(line) as FakesInfo)
        } catch (err) {
          fail(err)
        }
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        fail(new Error(`e2efakes exited with code ${code}; see test-output/${logName}`))
      })
    })
    log(`fakes: smtp ${info.smtp}, oidc ${info.issuer}`)
    return { info, stop }
  } catch (err) {
    await stop()
    throw err
  }
}

export interface Stack {
  baseURL: string
  fakes: FakesInfo
  stop(): Promise<void>
}

/**
 * A Gamelle server of its own for one test file, sending its emails over SMTP to e2efakes
 * (with AUTH) and, with `google`, signing in with Google through e2efakes' mockoidc.
 */
export async function startStack(options: {
  gamelleBin: string
  fakesBin: string
  adminUrl: string
  template: string
  name: string
  google?: boolean
}): Promise<Stack> {
  const fakes = await startFakes(options.fakesBin, `${options.name}-fakes.log`)
  const f = fakes.info
  const env: Record<string, string> = {
    SMTP_URL: `smtp://${encodeURIComponent(f.smtpUser)}:${encodeURIComponent(f.smtpPassword)}@${f.smtp}`,
  }
  if (options.google) {
    Object.assign(env, { GOOGLE_CLIENT_ID: f.clientId, GOOGLE_CLIENT_SECRET: f.clientSecret, GOOGLE_ISSUER_URL: f.issuer })
  }
  let gamelle: Gamelle
  try {
    gamelle = await startGamelle({ bin: options.gamelleBin, adminUrl: options.adminUrl, template: options.template, logName: `${options.name}-server.log`, env })
  } catch (err) {
    await fakes.stop()
    throw err
  }
  return {
    baseURL: gamelle.baseURL,
    fakes: f,
    stop: async () => {
      await gamelle.stop()
      await fakes.stop()
    },
  }
}
