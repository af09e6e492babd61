package admin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	identityapp "github.com/gamelle/gamelle/app/identity"
	"github.com/gamelle/gamelle/eventstore"
	"github.com/gamelle/gamelle/internal/csvsafe"
	"github.com/gamelle/gamelle/projections/tokenhistory"
)

// AuditQuery is the audit's filters as the page sends them (query parameters user, reason,
// from, to, sign, cursor). Dates are YYYY-MM-DD, read as UTC days, both inclusive.
type AuditQuery struct {
	User   string `json:"user"`
	Reason string `json:"reason"`
	From   string `json:"from"`
	To     string `json:"to"`
	Sign   string `json:"sign"`
	Cursor string `json:"cursor"`
}

// FieldError names the filter at fault.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return fmt.Sprintf("admin: %s: %v", e.Field, e.Err) }

func (e *FieldError) Unwrap() error { return e.Err }

// Reasons a filter is refused.
var (
	ErrBadDate   = errors.New("not a date (YYYY-MM-DD)")
	ErrDateOrder = errors.New("the start is after the end")
	ErrBadSign   = errors.New("sign is positive or negative")
	ErrBadCursor = errors.New("not a page cursor")
	ErrBadReason = errors.New("unknown reason")
)

// knownReasons are the ledger reasons the audit filters on (token_history's reason column).
var knownReasons = map[string]bool{
	"signup_bonus": true, "purchase": true, "admin_grant": true, "refund": true,
	"recipe_generation": true, "needs_calculation": true, "admin_deduction": true, "purchase_refunded": true,
}

// maxPeopleMatched bounds how many accounts a person filter may match; beyond it the admin
// should type more of the name or email.
const maxPeopleMatched = 500

// filter turns the query into a token_history filter, resolving the person filter to ids.
func (s *Service) filter(ctx context.Context, q AuditQuery) (tokenhistory.Filter, error) {
	var f tokenhistory.Filter
	if r := strings.TrimSpace(q.Reason); r != "" {
		if !knownReasons[r] && !strings.HasPrefix(r, "promo_code:") {
			return f, &FieldError{"reason", ErrBadReason}
		}
		f.Reason = r
	}
	var err error
	if f.From, err = day(q.From); err != nil {
		return f, &FieldError{"from", err}
	}
	if f.To, err = day(q.To); err != nil {
		return f, &FieldError{"to", err}
	}
	if !f.To.IsZero() {
		f.To = f.To.AddDate(0, 0, 1) // the end day is included
	}
	if !f.From.IsZero() && !f.To.IsZero() && !f.From.Before(f.To) {
		return f, &FieldError{"to", ErrDateOrder}
	}
	switch strings.TrimSpace(q.Sign) {
	case "":
	case "positive", "+":
		f.Sign = tokenhistory.SignPositive
	case "negative", "-":
		f.Sign = tokenhistory.SignNegative
	default:
		return f, &FieldError{"sign", ErrBadSign}
	}
	if c := strings.TrimSpace(q.Cursor); c != "" {
		n, err := strconv.ParseInt(c, 10, 64)
		if err != nil || n <= 0 {
			return f, &FieldError{"cursor", ErrBadCursor}
		}
		f.Before = n
	}
	if u := strings.TrimSpace(q.User); u != "" {
		people, err := s.identity.SearchPeople(ctx, u, maxPeopleMatched)
		if err != nil {
			return f, err
		}
		f.UserIDs = make([]uuid.UUID, 0, len(people))
		for _, p := range people {
			f.UserIDs = append(f.UserIDs, p.ID)
		}
		// A deleted account is only known by its id: keep filtering on it.
		if id, perr := uuid.Parse(u); perr == nil && len(f.UserIDs) == 0 {
			f.UserIDs = append(f.UserIDs, id)
		}
	}
	return f, nil
}

func day(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.ParseInLocation(time.DateOnly, s, time.UTC)
	if err != nil || t.Year() < 2000 || t.Year() > 9999 {
		return time.Time{}, ErrBadDate
	}
	return t, nil
}

// AuditEntry is one ledger event as the audit shows it.
type AuditEntry struct {
	Position     int64     `json:"position"`
	UserID       uuid.UUID `json:"userId"`
	Email        string    `json:"email"` // empty for a deleted account
	Name         string    `json:"name"`
	EventType    string    `json:"eventType"`
	Delta        int64     `json:"delta"`
	Reason       string    `json:"reason"`
	Ref          string    `json:"ref"`
	BalanceAfter int64     `json:"balanceAfter"`
	Actor        string    `json:"actor"`
	// ActorName is who the actor is for a person reading the audit: the account's name or email
	// for an account id ("user:<id>" or an admin's id), "system" for the application itself, the
	// recorded actor otherwise ("cli:<os user>").
	ActorName string `json:"actorName"`
	// Note is the admin's written reason of a grant or deduction made from the admin pages.
	Note       string    `json:"note"`
	OccurredAt time.Time `json:"occurredAt"`
}

// AuditPage is one page of the audit with the totals of the whole filtered set.
type AuditPage struct {
	Entries []AuditEntry        `json:"entries"`
	Totals  tokenhistory.Totals `json:"totals"`
	// NextCursor continues after the last entry; empty on the last page.
	NextCursor string `json:"nextCursor"`
}

// AuditPageSize is how many entries a page shows.
const AuditPageSize = 50

// Audit returns one page of the token history, newest first, and the filtered set's totals.
// A filter error is a *FieldError.
func (s *Service) Audit(ctx context.Context, q AuditQuery) (AuditPage, error) {
	f, err := s.filter(ctx, q)
	if err != nil {
		return AuditPage{}, err
	}
	rows, err := tokenhistory.Page(ctx, s.pool, f, AuditPageSize+1)
	if err != nil {
		return AuditPage{}, err
	}
	page := AuditPage{}
	if len(rows) > AuditPageSize {
		rows = rows[:AuditPageSize]
		page.NextCursor = strconv.FormatInt(rows[len(rows)-1].Position, 10)
	}
	if page.Totals, err = tokenhistory.Sum(ctx, s.pool, f); err != nil {
		return AuditPage{}, err
	}
	people, err := s.peopleOf(ctx, rows)
	if err != nil {
		return AuditPage{}, err
	}
	notes, err := s.notesOf(ctx, rows)
	if err != nil {
		return AuditPage{}, err
	}
	page.Entries = make([]AuditEntry, 0, len(rows))
	for _, e := range rows {
		page.Entries = append(page.Entries, entryOf(e, people, notes))
	}
	return page, nil
}

// actorID is the account an event's actor names, if any (eventstore.ActorUser: "user:<id>", or
// the bare id older events hold).
func actorID(actor string) (uuid.UUID, bool) { return eventstore.ActorUser(actor) }

// ActorName is how the audit names an actor: the account's name or email, "system", or the
// recorded actor.
func ActorName(actor string, people map[uuid.UUID]identityapp.Person) string {
	id, ok := actorID(actor)
	if !ok {
		return actor
	}
	p, found := people[id]
	switch {
	case !found:
		return actor
	case strings.TrimSpace(p.Name+" "+p.Surname) != "":
		return strings.TrimSpace(p.Name+" "+p.Surname) + " <" + p.Email + ">"
	}
	return p.Email
}

// adminActionRef is the ref prefix of a grant or deduction made from the admin pages.
const adminActionRef = "admin-action:"

// notesOf reads the written reasons of the admin actions the rows come from.
func (s *Service) notesOf(ctx context.Context, rows []tokenhistory.Entry) (map[string]string, error) {
	ids := []uuid.UUID{}
	for _, e := range rows {
		if id, err := uuid.Parse(strings.TrimPrefix(e.Ref, adminActionRef)); err == nil && strings.HasPrefix(e.Ref, adminActionRef) {
			ids = append(ids, id)
		}
	}
	out := map[string]string{}
	if len(ids) == 0 {
		return out, nil
	}
	res, err := s.pool.Query(ctx, `SELECT id, detail FROM admin_actions WHERE id = ANY($1)`, ids)
	if err != nil {
		return nil, fmt.Errorf("admin: action notes: %w", err)
	}
	defer res.Close()
	for res.Next() {
		var id uuid.UUID
		var detail string
		if err := res.Scan(&id, &detail); err != nil {
			return nil, fmt.Errorf("admin: action notes: %w", err)
		}
		out[adminActionRef+id.String()] = detail
	}
	if err := res.Err(); err != nil {
		return nil, fmt.Errorf("admin: action notes: %w", err)
	}
	return out, nil
}

func (s *Service) peopleOf(ctx context.Context, rows []tokenhistory.Entry) (map[uuid.UUID]identityapp.Person, error) {
	ids := make([]uuid.UUID, 0, len(rows))
	seen := map[uuid.UUID]bool{}
	add := func(id uuid.UUID) {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, e := range rows {
		add(e.UserID)
		if id, ok := actorID(e.Actor); ok {
			add(id)
		}
	}
	return s.identity.PeopleByID(ctx, ids)
}

func entryOf(e tokenhistory.Entry, people map[uuid.UUID]identityapp.Person, notes map[string]string) AuditEntry {
	p := people[e.UserID]
	return AuditEntry{
		Position: e.Position, UserID: e.UserID, Email: p.Email, Name: strings.TrimSpace(p.Name + " " + p.Surname),
		EventType: e.EventType, Delta: e.Delta, Reason: e.Reason, Ref: e.Ref, BalanceAfter: e.BalanceAfter,
		Actor: e.Actor, ActorName: ActorName(e.Actor, people), Note: notes[e.Ref], OccurredAt: e.OccurredAt,
	}
}

// csvFlushEvery is how many rows are buffered before they are flushed to the client.
const csvFlushEvery = 500

// ExportCSV writes every entry the filters match (the cursor is ignored) as CSV, newest first,
// streaming: rows go out as the database sends them, with account emails looked up a batch at a
// time, so memory stays flat however long the range. A filter error is a *FieldError and
// nothing is written.
func (s *Service) ExportCSV(ctx context.Context, q AuditQuery, out io.Writer) error {
	q.Cursor = ""
	f, err := s.filter(ctx, q)
	if err != nil {
		return err
	}
	w := csvsafe.NewWriter(out)
	if err := w.Write([]string{"position", "occurred_at", "user_id", "email", "event_type", "reason", "ref", "delta", "balance_after", "actor", "actor_name", "note"}); err != nil {
		return err
	}
	batch := make([]tokenhistory.Entry, 0, csvFlushEvery)
	flush := func() error {
		people, err := s.peopleOf(ctx, batch)
		if err != nil {
			return err
		}
		notes, err := s.notesOf(ctx, batch)
		if err != nil {
			return err
		}
		for _, e := range batch {
			rec := []string{
				strconv.FormatInt(e.Position, 10), e.OccurredAt.UTC().Format(time.RFC3339), e.UserID.String(), people[e.UserID].Email,
				e.EventType, e.Reason, e.Ref, strconv.FormatInt(e.Delta, 10), strconv.FormatInt(e.BalanceAfter, 10), e.Actor,
				ActorName(e.Actor, people), notes[e.Ref],
			}
			if err := w.Write(rec); err != nil {
				return err
			}
		}
		batch = batch[:0]
		w.Flush()
		if f, ok := out.(interface{ Flush() }); ok {
			f.Flush()
		}
		return w.Error()
	}
	err = tokenhistory.Each(ctx, s.pool, f, func(e tokenhistory.Entry) error {
		batch = append(batch, e)
		if len(batch) == csvFlushEvery {
			return flush()
		}
		return nil
	})
	if err != nil {
		return err
	}
	return flush()
}
