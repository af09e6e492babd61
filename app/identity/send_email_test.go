package identity_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/internal/i18n"
	"github.com/gamelle/gamelle/internal/pgtest"
	"github.com/gamelle/gamelle/jobs"
)

// capture is a mail.Sender that keeps messages and can be told to fail.
type capture struct {
	mu   sync.Mutex
	got  []mail.Message
	fail error
}

func (c *capture) Send(_ context.Context, m mail.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fail != nil {
		return c.fail
	}
	c.got = append(c.got, m)
	return nil
}

func (c *capture) messages() []mail.Message {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]mail.Message(nil), c.got...)
}

func startWorker(t *testing.T, db *pgtest.DB, m mail.Sender) *jobs.Client {
	t.Helper()
	workers := river.NewWorkers()
	require.NoError(t, jobs.Register(workers, &identityapp.SendEmailWorker{Mailer: m, Translator: i18n.MustNew()}))
	c, err := jobs.New(db.Pool, jobs.Config{Workers: workers, FetchPollInterval: 20 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
	require.NoError(t, err)
	ctx := context.Background()
	require.NoError(t, c.Start(ctx))
	t.Cleanup(func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = c.Stop(sctx)
	})
	return c
}

func waitJob(t *testing.T, c *jobs.Client, id int64, states ...rivertype.JobState) *rivertype.JobRow {
	t.Helper()
	var row *rivertype.JobRow
	require.Eventually(t, func() bool {
		var err error
		row, err = c.JobGet(context.Background(), id)
		require.NoError(t, err)
		for _, s := range states {
			if row.State == s {
				return true
			}
		}
		return false
	}, 10*time.Second, 20*time.Millisecond)
	return row
}

func TestSendEmailJobInsertedInTxIsWorked(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	m := &capture{}
	c := startWorker(t, db, m)
	ctx := context.Background()

	// A rolled-back transaction leaves no job behind.
	err := eventstore.InTx(ctx, db.Pool, func(tx pgx.Tx) error {
		if _, err := c.InsertTx(ctx, tx, identityapp.SendEmailArgs{Template: mail.KindOTP, To: "lost@example.com", Locale: "fr"}, nil); err != nil {
			return err
		}
		return errors.New("state change failed")
	})
	require.Error(t, err)

	var res *rivertype.JobInsertResult
	require.NoError(t, eventstore.InTx(ctx, db.Pool, func(tx pgx.Tx) error {
		var err error
		res, err = c.InsertTx(ctx, tx, identityapp.SendEmailArgs{
			Template: mail.KindOTP, To: "alice@example.com", Locale: "en", Data: mail.Data{Code: "123456", Link: "http://x.test/m"},
		}, nil)
		return err
	}))
	waitJob(t, c, res.Job.ID, rivertype.JobStateCompleted)
	got := m.messages()
	require.Len(t, got, 1)
	require.Equal(t, "alice@example.com", got[0].To)
	require.Contains(t, got[0].Subject, "123456")
	require.Contains(t, got[0].Subject, "sign-in code", "English template")
}

func TestSendEmailRetriesThenCancelsPermanentFailures(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	m := &capture{fail: errors.New("connection refused")}
	c := startWorker(t, db, m)
	ctx := context.Background()

	res, err := c.Insert(ctx, identityapp.SendEmailArgs{Template: mail.KindVerify, To: "a@example.com", Locale: "fr"}, nil)
	require.NoError(t, err)
	row := waitJob(t, c, res.Job.ID, rivertype.JobStateRetryable)
	require.GreaterOrEqual(t, row.Attempt, 1)
	require.Equal(t, 10, row.MaxAttempts)
	require.Contains(t, row.Errors[0].Error, "connection refused")

	m.mu.Lock()
	m.fail = mail.ErrPermanent
	m.mu.Unlock()
	res, err = c.Insert(ctx, identityapp.SendEmailArgs{Template: mail.KindVerify, To: "b@example.com", Locale: "fr"}, nil)
	require.NoError(t, err)
	waitJob(t, c, res.Job.ID, rivertype.JobStateCancelled)

	res, err = c.Insert(ctx, identityapp.SendEmailArgs{Template: "nope", To: "c@example.com"}, &river.InsertOpts{})
	require.NoError(t, err)
	waitJob(t, c, res.Job.ID, rivertype.JobStateCancelled)
}

// rawArgs is river_job.args as the database holds it.
func rawArgs(t *testing.T, db *pgtest.DB, id int64) string {
	t.Helper()
	var s string
	require.NoError(t, db.Pool.QueryRow(context.Background(), `SELECT args::text FROM river_job WHERE id = $1`, id).Scan(&s))
	return s
}

func TestEmailJobsHoldNoSecretsAndAreErasedOnceSent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	require.NoError(t, b.svc.RequestOTP(ctx, "secret@example.com", identity.English))
	require.NoError(t, b.svc.RequestPasswordReset(ctx, "secret@example.com", identity.English))
	res, err := b.jobs.JobList(ctx, river.NewJobListParams().Kinds(identityapp.SendEmailArgs{}.Kind()).First(10))
	require.NoError(t, err)
	require.Len(t, res.Jobs, 2)
	for _, j := range res.Jobs {
		var a identityapp.SendEmailArgs
		require.NoError(t, json.Unmarshal(j.EncodedArgs, &a))
		opened, err := identityapp.OpenEmailArgs(testKey, a)
		require.NoError(t, err)
		require.NotEmpty(t, opened.Data.Link)
		raw := rawArgs(t, b.db, j.ID)
		require.NotContains(t, raw, lastSegment(opened.Data.Link), "the link's secret is not in river_job.args")
		require.NotContains(t, raw, opened.Data.Link)
		if opened.Template == mail.KindOTP {
			require.Len(t, opened.Data.Code, 6)
			require.NotContains(t, raw, opened.Data.Code, "the code is not in river_job.args")
		}
		// Sealed for this recipient and template only.
		moved := a
		moved.To = "attacker@example.com"
		_, err = identityapp.OpenEmailArgs(testKey, moved)
		require.Error(t, err)
		_, err = identityapp.OpenEmailArgs([]byte(strings.Repeat("x", 32)), a)
		require.Error(t, err)
	}

	// A worker sends them, and the completed jobs keep no address, code or link.
	m := &capture{}
	workers := river.NewWorkers()
	require.NoError(t, jobs.Register(workers, &identityapp.SendEmailWorker{Mailer: m, Translator: i18n.MustNew(), Key: testKey, Pool: b.db.Pool}))
	c, err := jobs.New(b.db.Pool, jobs.Config{Workers: workers, FetchPollInterval: 20 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
	require.NoError(t, err)
	require.NoError(t, c.Start(ctx))
	t.Cleanup(func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = c.Stop(sctx)
	})
	for _, j := range res.Jobs {
		waitJob(t, c, j.ID, rivertype.JobStateCompleted)
		raw := rawArgs(t, b.db, j.ID)
		require.NotContains(t, raw, "secret@example.com")
		require.NotContains(t, raw, "sealed")
	}
	got := m.messages()
	require.Len(t, got, 2)
	otp := b.lastEmailOpened(t, res.Jobs, mail.KindOTP)
	found := false
	for _, msg := range got {
		if strings.Contains(msg.Text, otp.Data.Code) && strings.Contains(msg.Text, otp.Data.Link) {
			found = true
		}
	}
	require.True(t, found, "the sent email carries the opened code and link")
}

func (b *bundle) lastEmailOpened(t *testing.T, rows []*rivertype.JobRow, kind mail.Kind) identityapp.SendEmailArgs {
	t.Helper()
	for _, j := range rows {
		var a identityapp.SendEmailArgs
		require.NoError(t, json.Unmarshal(j.EncodedArgs, &a))
		if a.Template == kind {
			opened, err := identityapp.OpenEmailArgs(testKey, a)
			require.NoError(t, err)
			return opened
		}
	}
	t.Fatalf("no %s job", kind)
	return identityapp.SendEmailArgs{}
}

// A waiting email job holds neither the recipient's address nor their name
// in clear (nor the other address of an address change); the worker still sends the email to
// the right address with the name, and erasing the account still finds its waiting emails.
func TestWaitingEmailJobsHoldNoAddressNorName(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	require.NoError(t, b.svc.Register(ctx, identityapp.RegisterInput{
		Name: "Zéphyrine", Surname: "Martin", Email: "Zephyrine.Private@Example.com", Password: "tomate-cerise-42", PasswordConfirmation: "tomate-cerise-42", Language: identity.English,
	}))
	res, err := b.jobs.JobList(ctx, river.NewJobListParams().Kinds(identityapp.SendEmailArgs{}.Kind()).First(10))
	require.NoError(t, err)
	require.Len(t, res.Jobs, 1)
	raw := strings.ToLower(rawArgs(t, b.db, res.Jobs[0].ID))
	require.NotContains(t, raw, "zephyrine", "no address in river_job.args: %s", raw)
	require.NotContains(t, raw, "private@")
	require.NotContains(t, raw, strings.ToLower("Zéphyrine"), "no name in river_job.args: %s", raw)
	require.NotContains(t, raw, `z\u00e9phyrine`)

	m := &capture{}
	workers := river.NewWorkers()
	require.NoError(t, jobs.Register(workers, &identityapp.SendEmailWorker{Mailer: m, Translator: i18n.MustNew(), Key: testKey, Pool: b.db.Pool}))
	c, err := jobs.New(b.db.Pool, jobs.Config{Workers: workers, FetchPollInterval: 20 * time.Millisecond, Logger: slog.New(slog.DiscardHandler)})
	require.NoError(t, err)
	require.NoError(t, c.Start(ctx))
	t.Cleanup(func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = c.Stop(sctx)
	})
	waitJob(t, c, res.Jobs[0].ID, rivertype.JobStateCompleted)
	got := m.messages()
	require.Len(t, got, 1)
	require.Equal(t, "zephyrine.private@example.com", got[0].To)
	require.Contains(t, got[0].Text, "Zéphyrine")
	require.Contains(t, got[0].Text, "/auth/verify/")
}

// Erasing an account deletes its waiting emails, found by the sealed address's keyed hash.
func TestEraseFindsSealedEmailJobs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setup(t)
	register(t, b, "gone@example.com")
	a, err := identityapp.SealEmailArgs(testKey, identityapp.SendEmailArgs{Template: mail.KindOTP, To: "gone@example.com", Locale: "en", Data: mail.Data{Code: "123456"}})
	require.NoError(t, err)
	other, err := identityapp.SealEmailArgs(testKey, identityapp.SendEmailArgs{Template: mail.KindOTP, To: "stays@example.com", Locale: "en", Data: mail.Data{Code: "654321"}})
	require.NoError(t, err)
	for _, args := range []identityapp.SendEmailArgs{a, other} {
		_, err = b.jobs.Insert(ctx, args, nil)
		require.NoError(t, err)
	}
	u, err := b.svc.ByEmail(ctx, "gone@example.com")
	require.NoError(t, err)
	require.NoError(t, b.svc.DeleteAccount(ctx, u.ID, "gone@example.com"))
	res, err := b.jobs.JobList(ctx, river.NewJobListParams().Kinds(identityapp.SendEmailArgs{}.Kind()).First(10))
	require.NoError(t, err)
	require.Len(t, res.Jobs, 1, "only the other person's email is left")
	var left identityapp.SendEmailArgs
	require.NoError(t, json.Unmarshal(res.Jobs[0].EncodedArgs, &left))
	opened, err := identityapp.OpenEmailArgs(testKey, left)
	require.NoError(t, err)
	require.Equal(t, "stays@example.com", opened.To)
}
