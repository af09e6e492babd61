/**
 * Starts the real Go server for the browser tests:
 *  - binary: $GAMELLE_BIN, or the frontend is built and `go build -o ../bin/gamelle ../cmd/gamelle`;
 *  - database: a fresh `e2e_<random>` database created in $E2E_DATABASE_URL's cluster, or in the
 *    project-local test cluster started by ../scripts/dev-postgres.sh;
 *  - `gamelle serve` with PORT=<free port> APP_ENV=test (it migrates itself), ready on GET /readyz.
 * The base URL is handed to the tests with `provide('baseURL')`; teardown stops the server and
 * drops the database.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, existsSync, mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

const frontendDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const repoDir = resolve(frontendDir, '..')
const outputDir = resolve(frontendDir, 'test-output')

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

function log(message: string) {
  process.stderr.write(`e2e: ${message}\n`)
}

function freePort(): Promise<number> {
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

function buildServer(): string {
  if (process.env.GAMELLE_BIN) return resolve(process.env.GAMELLE_BIN)
  log('building the frontend (vite build)')
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: frontendDir, stdio: 'inherit' })
  log('building the server (go build)')
  execFileSync('go', ['build', '-o', '../bin/gamelle', '../cmd/gamelle'], { cwd: frontendDir, stdio: 'inherit' })
  return resolve(repoDir, 'bin/gamelle')
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

function psql(adminUrl: string, sql: string) {
  execFileSync(psqlBinary(), [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], { stdio: ['ignore', 'ignore', 'inherit'] })
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

function adminDatabaseUrl(): string {
  if (process.env.E2E_DATABASE_URL) return process.env.E2E_DATABASE_URL
  log('starting the local test PostgreSQL cluster')
  return execFileSync(resolve(repoDir, 'scripts/dev-postgres.sh'), ['start', resolve(repoDir, '.data/pg-test')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .toString()
    .trim()
    .split('\n')
    .pop()!
}

async function waitReady(baseURL: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`gamelle serve exited with code ${server.exitCode}; see test-output/server.log`)
    try {
      const res = await fetch(`${baseURL}/readyz`)
      if (res.status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`server not ready after ${timeoutMs} ms; see test-output/server.log`)
}

function stop(server: ChildProcess): Promise<void> {
  return new Promise((ok) => {
    if (server.exitCode !== null || server.signalCode !== null) return ok()
    const kill = setTimeout(() => server.kill('SIGKILL'), 5000)
    server.once('exit', () => {
      clearTimeout(kill)
      ok()
    })
    server.kill('SIGTERM')
  })
}

export default async function setup(project: TestProject) {
  mkdirSync(outputDir, { recursive: true })
  const bin = buildServer()
  if (!existsSync(bin)) throw new Error(`no server binary at ${bin}`)

  const adminUrl = adminDatabaseUrl()
  const database = `e2e_${randomBytes(6).toString('hex')}`
  psql(adminUrl, `CREATE DATABASE ${database}`)
  log(`database ${database}`)

  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const serverLog = createWriteStream(resolve(outputDir, 'server.log'))
  const server = spawn(bin, ['serve'], {
    cwd: repoDir,
    env: {
      ...process.env,
      PORT: String(port),
      APP_ENV: 'test',
      APP_URL: baseURL,
      DATABASE_URL: withDatabase(adminUrl, database),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.pipe(serverLog)
  server.stderr?.pipe(serverLog)

  const teardown = async () => {
    await stop(server)
    serverLog.end()
    try {
      psql(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    } catch {
      log(`could not drop ${database}`)
    }
  }

  try {
    await waitReady(baseURL, server, 120_000)
  } catch (err) {
    await teardown()
    throw err
  }
  log(`server ready on ${baseURL}`)
  project.provide('baseURL', baseURL)
  return teardown
}
