package identity

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/identity"
)

// ErrLastAdmin refuses to demote the only remaining admin: nobody could then promote anyone
// from the dashboard.
var ErrLastAdmin = errors.New("identity: the last admin cannot be demoted")

// ChangeRole sets a person's role. Demoting an admin locks every admin row first, so two admins
// demoting each other at once cannot leave the product with none. When the role actually
// changes, onChange (if set) runs in the same transaction, so a caller's audit record exists
// exactly when the change does. It reports whether the role changed. Bumping the session
// generation is not needed: the session loads the role on every request.
func (s *Service) ChangeRole(ctx context.Context, userID uuid.UUID, role identity.Role, onChange func(tx pgx.Tx) error) (changed bool, err error) {
	if !role.Valid() {
		return false, fmt.Errorf("identity: unknown role %q", role)
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id FROM users WHERE role = 'ADMIN' ORDER BY id FOR UPDATE`)
		if err != nil {
			return fmt.Errorf("identity: lock admins: %w", err)
		}
		admins, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
		if err != nil {
			return fmt.Errorf("identity: lock admins: %w", err)
		}
		var current string
		if err := tx.QueryRow(ctx, `SELECT role FROM users WHERE id = $1 FOR UPDATE`, userID).Scan(&current); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return ErrNotFound
			}
			return fmt.Errorf("identity: role of %s: %w", userID, err)
		}
		if identity.Role(current) == role {
			return nil
		}
		if role != identity.RoleAdmin && len(admins) <= 1 {
			return ErrLastAdmin
		}
		if err := setRole(ctx, tx, userID, role, s.now()); err != nil {
			return err
		}
		if onChange != nil {
			if err := onChange(tx); err != nil {
				return err
			}
		}
		changed = true
		return nil
	})
	return changed, err
}

// Person is an account as the admin pages list it.
type Person struct {
	ID         uuid.UUID  `json:"id"`
	Email      string     `json:"email"`
	Name       string     `json:"name"`
	Surname    string     `json:"surname"`
	Role       string     `json:"role"`
	VerifiedAt *time.Time `json:"verifiedAt"`
	CreatedAt  time.Time  `json:"createdAt"`
}

const personColumns = `id, email, name, surname, role, verified_at, created_at`

func scanPeople(rows pgx.Rows) ([]Person, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Person, error) {
		var p Person
		err := r.Scan(&p.ID, &p.Email, &p.Name, &p.Surname, &p.Role, &p.VerifiedAt, &p.CreatedAt)
		return p, err
	})
}

// likePattern escapes LIKE's wildcards so a search for "a_b" matches only that text.
func likePattern(q string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(strings.TrimSpace(q))) + "%"
}

// SearchPeople finds accounts whose email, name or surname contains q (any case), or whose id
// is q, newest first. An empty q lists the newest accounts.
func (s *Service) SearchPeople(ctx context.Context, q string, limit int) ([]Person, error) {
	q = strings.TrimSpace(q)
	var (
		rows pgx.Rows
		err  error
	)
	if id, perr := uuid.Parse(q); perr == nil {
		rows, err = s.pool.Query(ctx, `SELECT `+personColumns+` FROM users WHERE id = $1`, id)
	} else {
		rows, err = s.pool.Query(ctx, `SELECT `+personColumns+` FROM users
			WHERE $1 = '%%' OR email LIKE $1 OR lower(name) LIKE $1 OR lower(surname) LIKE $1
			   OR lower(name || ' ' || surname) LIKE $1
			ORDER BY created_at DESC, id LIMIT $2`, likePattern(q), limit)
	}
	if err != nil {
		return nil, fmt.Errorf("identity: search people: %w", err)
	}
	out, err := scanPeople(rows)
	if err != nil {
		return nil, fmt.Errorf("identity: search people: %w", err)
	}
	return out, nil
}

// PeopleByID returns the accounts among ids that still exist, keyed by id.
func (s *Service) PeopleByID(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]Person, error) {
	out := make(map[uuid.UUID]Person, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT `+personColumns+` FROM users WHERE id = ANY($1)`, ids)
	if err != nil {
		return nil, fmt.Errorf("identity: people by id: %w", err)
	}
	people, err := scanPeople(rows)
	if err != nil {
		return nil, fmt.Errorf("identity: people by id: %w", err)
	}
	for _, p := range people {
		out[p.ID] = p
	}
	return out, nil
}

// SignupDay counts the accounts created and verified on one UTC day.
type SignupDay struct {
	Day      time.Time `json:"day"`
	SignUps  int64     `json:"signUps"`
	Verified int64     `json:"verified"`
}

// SignupsPerDay returns sign-ups and verifications per UTC day since from, oldest first.
func (s *Service) SignupsPerDay(ctx context.Context, from time.Time) ([]SignupDay, error) {
	rows, err := s.pool.Query(ctx, `
		WITH d AS (
		    SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day, 1 AS signup, 0 AS verified FROM users WHERE created_at >= $1
		    UNION ALL
		    SELECT date_trunc('day', verified_at AT TIME ZONE 'UTC'), 0, 1 FROM users WHERE verified_at >= $1
		)
		SELECT day, sum(signup), sum(verified) FROM d GROUP BY day ORDER BY day`, from)
	if err != nil {
		return nil, fmt.Errorf("identity: sign-ups per day: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (SignupDay, error) {
		var d SignupDay
		err := r.Scan(&d.Day, &d.SignUps, &d.Verified)
		return d, err
	})
	if err != nil {
		return nil, fmt.Errorf("identity: sign-ups per day: %w", err)
	}
	return out, nil
}
