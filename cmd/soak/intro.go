package main

// reliabilityIntro opens docs/reliability.md; the run appends its figures.
const reliabilityIntro = `# Reliability: the soak

` + "`make soak`" + ` (cmd/soak) runs the real binary as it runs in production on several machines: two
web processes (` + "`gamelle serve --web=true --worker=false`" + `) and two worker processes (` + "`--web=false`" + `)
against one PostgreSQL cluster of the soak's own (` + "`.data/pg-soak`" + `, scripts/dev-postgres.sh), so
that it may restart it and take it away. Simulated people, each behind an address of its own
(` + "`TRUSTED_PROXIES=1`" + `), spread their requests over both web processes as a load balancer would:
they sign up, verify through the development mailbox (the email is sent by a worker), buy
packs (test mode; the soak signs ` + "`checkout.session.completed`" + ` and
` + "`async_payment_succeeded`" + ` itself and delivers them to both web processes at once, racing the
test-mode page's own event, the success page and, for one checkout in five, an ` + "`expired`" + `
event; one paid checkout in three gets its completed event once more up to 25 s later, as
Stripe's queue would, redelivered until it is answered 2xx; one paid checkout in six is
refunded, twice), fill meal preps, generate recipes (one
submission in three doubled across both web processes) through an OpenAI-compatible fake that
answers 500, 429, malformed JSON, foods off the list or stalls past the 20 s time-out, press
"regenerate the rest" on two devices at once (the same person signed in twice, distinct
idempotency keys, one request per web process, both naming the recipes the page shows), take the
paid survey (double-submitted) and read pages.

During the load it kills workers with SIGKILL at least 20 times (alternately, so River's leader
changes), kills a web process, restarts PostgreSQL and stops it for 20 s. Every process runs
under a supervisor that starts it again a second later, as systemd would. A running process
rides out the database's absence (its pools reconnect); a process *started* while PostgreSQL is
away exits at its start-up ping and is started again by the supervisor: those exits count as
the outage's, any other exit fails the run. Then it waits for
the jobs and projections to finish, stops the processes and checks the invariants below.

` + "`make test`" + ` runs the short version (` + "`go run ./cmd/soak -short`" + `, 1 min 21 s on this machine):
40 s of load with 4 people, 4 worker kills, one web kill, a restart and a 5 s outage, no AI
server (so a killed generation is rescued within a minute, docs/operations.md "Jobs"), the same
checks. Logs of the last run: ` + "`.data/soak-logs/`" + `. This file is written by ` + "`make soak`" + `; its
text lives in cmd/soak/intro.go.

What "inside the windows" means: a 5xx is the fault's when its request started or ended while
PostgreSQL was restarting or away, or in the 10 s after it came back (the pools find their
connections broken at the next use). Anything else fails the run.

What it does not prove: Stripe itself (the soak plays Stripe in test mode; stripe-mock is the
browser tests'); the survey's refund path when no needs job fails (it ran 0 times in the last
run: the explanation's failures leave the numbers standing); it has its own test
(app/nutrition TestNeedsFailureRefundsOnce).
`
