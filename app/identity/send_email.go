package identity

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/internal/db"
	"github.com/gamelle/gamelle/internal/i18n"
	"github.com/gamelle/gamelle/jobs"
)

// SendEmailArgs asks for one email. It carries what the template needs, not the rendered
// body, so a fix to a template applies to emails still waiting in the queue. Every email job
// is inserted sealed (SealEmailArgs, see sealed.go): it waits with no address, name, code or
// link in clear, and a completed job keeps none of them at all.
type SendEmailArgs struct {
	Template mail.Kind `json:"template"`
	To       string    `json:"to,omitempty"`
	Locale   string    `json:"locale"`
	Data     mail.Data `json:"data"`
	// Sealed holds the recipient, their name, the other address, the code and the link,
	// encrypted under a key derived from APP_KEY.
	Sealed string `json:"sealed,omitempty"`
	// Recipient is RecipientKey of the sealed address: erasing an account finds its waiting
	// emails by it.
	Recipient string `json:"rcpt,omitempty"`
}

// Kind is River's job kind.
func (SendEmailArgs) Kind() string { return "send_email" }

// InsertOpts: emails are retried for a while (SMTP servers greylist and go down), not for days.
func (SendEmailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 10, Queue: river.QueueDefault}
}

// SendEmailWorker renders and sends an email. cmd/gamelle registers it on worker processes;
// identity's commands enqueue its jobs (Service.enqueue) in their own transaction.
type SendEmailWorker struct {
	river.WorkerDefaults[SendEmailArgs]
	Mailer     mail.Sender
	Translator *i18n.Translator
	// Key is APP_KEY, which opens the sealed code and link.
	Key []byte
	// Pool, when set, lets a sent email's job complete with its payload erased (see Work).
	Pool *pgxpool.Pool
	// Log reports an erase that failed after the email left; nil uses slog.Default.
	Log *slog.Logger
}

// SendEmailTimeout bounds one attempt: an SMTP exchange takes seconds, and a short bound lets
// River rescue a killed worker's email jobs soon (jobs.RescueAfter).
const SendEmailTimeout = 30 * time.Second

// Timeout is River's per-attempt limit for email jobs.
func (w *SendEmailWorker) Timeout(*river.Job[SendEmailArgs]) time.Duration { return SendEmailTimeout }

// Work renders the template in the recipient's language and hands it to the mailer. A
// permanent failure cancels the job instead of retrying it. Once sent, the job is completed in
// a transaction that also replaces its arguments by the template name alone, so completed
// email jobs (kept by River for a day) hold no address, code or link.
func (w *SendEmailWorker) Work(ctx context.Context, job *river.Job[SendEmailArgs]) error {
	a, err := OpenEmailArgs(w.Key, job.Args)
	if err != nil {
		return river.JobCancel(fmt.Errorf("send email %s: %w", job.Args.Template, err))
	}
	msg, err := mail.Compose(w.Translator, a.Locale, a.Template, a.To, a.Data)
	if err != nil {
		return river.JobCancel(fmt.Errorf("send email %s: %w", a.Template, err))
	}
	if err := w.Mailer.Send(ctx, msg); err != nil {
		if errors.Is(err, mail.ErrPermanent) {
			return river.JobCancel(fmt.Errorf("send email %s: %w", a.Template, err))
		}
		return fmt.Errorf("send email %s: %w", a.Template, err)
	}
	if w.Pool != nil {
		if err := w.completeErased(ctx, job); err != nil {
			// The email left: retrying would send it twice. River completes the job itself,
			// with its sealed (not clear) payload.
			log := w.Log
			if log == nil {
				log = slog.Default()
			}
			log.Error("send email: erase completed job payload", "job_id", job.ID, "err", err)
		}
	}
	return nil
}

func (w *SendEmailWorker) completeErased(ctx context.Context, job *river.Job[SendEmailArgs]) error {
	return db.InTx(ctx, w.Pool, func(tx pgx.Tx) error {
		if _, err := river.JobCompleteTx[*riverpgxv5.Driver](ctx, tx, job); err != nil {
			return fmt.Errorf("complete job: %w", err)
		}
		if err := jobs.RedactTx(ctx, tx, job.ID, "template"); err != nil {
			return fmt.Errorf("erase job args: %w", err)
		}
		return nil
	})
}
