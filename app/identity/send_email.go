package identity

import (
	"context"
	"errors"
	"fmt"

	"github.com/riverqueue/river"

	"github.com/gamelle/gamelle/integrations/mail"
	"github.com/gamelle/gamelle/internal/i18n"
)

// SendEmailArgs asks for one email. It carries what the template needs, not the rendered
// body, so a fix to a template applies to emails still waiting in the queue.
type SendEmailArgs struct {
	Template mail.Kind `json:"template"`
	To       string    `json:"to"`
	Locale   string    `json:"locale"`
	Data     mail.Data `json:"data"`
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
}

// Work renders the template in the recipient's language and hands it to the mailer. A
// permanent failure cancels the job instead of retrying it.
func (w *SendEmailWorker) Work(ctx context.Context, job *river.Job[SendEmailArgs]) error {
	a := job.Args
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
	return nil
}
