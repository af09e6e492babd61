package identity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/gamelle/gamelle/domain/identity"
	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/internal/db"
)

// Account is everything the account page shows and edits.
type Account struct {
	ID          uuid.UUID
	Email       string
	Name        string
	Surname     string
	HasPassword bool
	Language    identity.Language
	Units       string // "g" or "lb"
	Currency    string // "EUR" or "USD"
	Diet        nutrition.Diet
	// Allergens are the ones the person declares (docs/profile.md, "Allergens").
	Allergens []nutrition.Allergen
	// Pantry are the staples the person keeps (docs/nutrition.md, "Pantry staples").
	Pantry          []string
	Objective       nutrition.Objective
	MacroPreset     nutrition.MacroPreset
	Goals           *nutrition.Goals // nil until set by hand or accepted from a calculation
	MealSplit       nutrition.MealSplit
	AISuggestions   bool
	PriceLimitCents *int
}

// Account reads the person's account.
func (s *Service) Account(ctx context.Context, id uuid.UUID) (Account, error) {
	return accountOf(ctx, s.pool, id)
}

func accountOf(ctx context.Context, q db.DBTX, id uuid.UUID) (Account, error) {
	var (
		a                         Account
		kcal, protein, fat, carbs *int
		hash                      *string
		lang, diet, preset        string
		objective                 *string
		split                     []byte
		allergens, pantry         []string
	)
	err := q.QueryRow(ctx, `SELECT id, email, name, surname, password_hash, language, units, currency, diet,
		objective, macro_preset, calorie_goal, protein_goal, fat_goal, carb_goal, meal_split, ai_suggestions,
		price_limit_cents, allergens, pantry FROM users WHERE id = $1`, id).Scan(&a.ID, &a.Email, &a.Name, &a.Surname, &hash,
		&lang, &a.Units, &a.Currency, &diet, &objective, &preset, &kcal, &protein, &fat, &carbs, &split,
		&a.AISuggestions, &a.PriceLimitCents, &allergens, &pantry)
	if errors.Is(err, pgx.ErrNoRows) {
		return Account{}, fmt.Errorf("identity: account %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Account{}, fmt.Errorf("identity: account %s: %w", id, err)
	}
	a.HasPassword = hash != nil && *hash != ""
	a.Allergens = storedAllergens(allergens)
	a.Pantry = storedPantry(pantry)
	a.Language, a.Diet, a.MacroPreset = identity.Language(lang), nutrition.Diet(diet), nutrition.MacroPreset(preset)
	if objective != nil {
		a.Objective = nutrition.Objective(*objective)
	}
	if kcal != nil {
		a.Goals = &nutrition.Goals{Kcal: *kcal, ProteinG: deref(protein), FatG: deref(fat), CarbsG: deref(carbs)}
	}
	a.MealSplit = nutrition.DefaultMealSplit
	if len(split) > 0 {
		if err := json.Unmarshal(split, &a.MealSplit); err != nil {
			return Account{}, fmt.Errorf("identity: meal split of %s: %w", id, err)
		}
	}
	return a, nil
}

// storedAllergens reads the users.allergens column; an id no longer known is dropped rather
// than failing the page (the column only ever holds ParseAllergens' output).
func storedAllergens(ids []string) []nutrition.Allergen {
	out := []nutrition.Allergen{}
	for _, id := range ids {
		if as, err := nutrition.ParseAllergens([]string{id}); err == nil {
			out = append(out, as...)
		}
	}
	return out
}

// storedPantry reads the users.pantry column; a staple no longer known is dropped.
func storedPantry(ids []string) []string {
	out := []string{}
	for _, id := range ids {
		if nutrition.ValidStaple(id) {
			out = append(out, id)
		}
	}
	return out
}

// allergenIDs are allergens as the users.allergens column stores them.
func allergenIDs(as []nutrition.Allergen) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = string(a)
	}
	return out
}

func deref(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

// Reasons an account form is refused (besides the name and password rules of domain/identity).
var (
	ErrUnitsInvalid      = errors.New("units must be g or lb")
	ErrCurrencyInvalid   = errors.New("currency must be EUR or USD")
	ErrLanguageInvalid   = errors.New("language must be fr or en")
	ErrPriceLimitInvalid = errors.New("price limit must be above zero")
	ErrPasswordWrong     = errors.New("current password is wrong")
)

// AccountUpdate is the account form. PriceLimit is in the person's currency (nil: no limit).
type AccountUpdate struct {
	Name          string
	Surname       string
	Language      string
	Units         string
	Currency      string
	Diet          string
	AISuggestions bool
	PriceLimit    *float64
	// Allergens are allergen ids (nutrition.Allergens); none is none declared.
	Allergens []string
	// Pantry are staple ids (nutrition.Staples); nil leaves the stored pantry as it is (a form
	// that does not show it), empty is none.
	Pantry []string
}

// UpdateAccount checks and saves the account form. Refusals are identity.FieldErrors keyed by
// the form's fields; nothing is saved then.
func (s *Service) UpdateAccount(ctx context.Context, id uuid.UUID, in AccountUpdate) error {
	errs := identity.FieldErrors{}
	name, err := identity.NormalizeName(in.Name)
	if err != nil {
		errs["name"] = err
	}
	surname, err := identity.NormalizeName(in.Surname)
	if err != nil {
		errs["surname"] = err
	}
	if in.Language != string(identity.French) && in.Language != string(identity.English) {
		errs["language"] = ErrLanguageInvalid
	}
	if in.Units != "g" && in.Units != "lb" {
		errs["units"] = ErrUnitsInvalid
	}
	if in.Currency != "EUR" && in.Currency != "USD" {
		errs["currency"] = ErrCurrencyInvalid
	}
	diet, err := nutrition.ParseDiet(in.Diet)
	if err != nil {
		errs["diet"] = err
	}
	allergens, err := nutrition.ParseAllergens(in.Allergens)
	if err != nil {
		errs["allergens"] = err
	}
	var pantry []string
	if in.Pantry != nil {
		if pantry, err = nutrition.ParsePantry(in.Pantry); err != nil {
			errs["pantry"] = err
		}
	}
	var cents *int
	if in.PriceLimit != nil {
		c := int(math.Round(*in.PriceLimit * 100))
		if math.IsNaN(*in.PriceLimit) || c <= 0 || c > 1_000_000 {
			errs["priceLimit"] = ErrPriceLimitInvalid
		}
		cents = &c
	}
	if len(errs) > 0 {
		return errs
	}
	_, err = s.pool.Exec(ctx, `UPDATE users SET name = $2, surname = $3, language = $4, units = $5, currency = $6, currency_chosen = true,
		diet = $7, ai_suggestions = $8, price_limit_cents = $9, updated_at = $10, allergens = $11, pantry = COALESCE($12, pantry) WHERE id = $1`,
		id, name, surname, in.Language, in.Units, in.Currency, string(diet), in.AISuggestions, cents, s.now(), allergenIDs(allergens), pantry)
	if err != nil {
		return fmt.Errorf("identity: update account %s: %w", id, err)
	}
	return nil
}

// SetGoals saves daily goals set by hand (free). Out-of-bounds figures are FieldErrors.
func (s *Service) SetGoals(ctx context.Context, id uuid.UUID, g nutrition.Goals) error {
	return SetGoalsTx(ctx, s.pool, id, g, s.now())
}

// SetGoalsTx saves goals in the caller's transaction (accepting a needs calculation).
func SetGoalsTx(ctx context.Context, q db.DBTX, id uuid.UUID, g nutrition.Goals, now time.Time) error {
	if errs := g.Validate(); errs != nil {
		return identity.FieldErrors(errs)
	}
	_, err := q.Exec(ctx, `UPDATE users SET calorie_goal = $2, protein_goal = $3, fat_goal = $4, carb_goal = $5,
		updated_at = $6 WHERE id = $1`, id, g.Kcal, g.ProteinG, g.FatG, g.CarbsG, now)
	if err != nil {
		return fmt.Errorf("identity: set goals of %s: %w", id, err)
	}
	return nil
}

// SetLanguage stores the person's language, which pages and emails follow on every device.
func (s *Service) SetLanguage(ctx context.Context, id uuid.UUID, lang string) error {
	if lang != string(identity.French) && lang != string(identity.English) {
		return identity.FieldErrors{"language": ErrLanguageInvalid}
	}
	if _, err := s.pool.Exec(ctx, `UPDATE users SET language = $2, updated_at = $3 WHERE id = $1`, id, lang, s.now()); err != nil {
		return fmt.Errorf("identity: set language of %s: %w", id, err)
	}
	return nil
}

// ChangePassword replaces the password after checking the current one, or sets a first one for
// a password-less account (current is then ignored). Every other session is signed out: the
// session generation moves on, and the caller signs the current session in again.
func (s *Service) ChangePassword(ctx context.Context, id uuid.UUID, current, password, confirmation string) error {
	return db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		u, err := userByID(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if u.HasPassword() {
			ok, err := s.opts.Passwords.Verify(current, u.passwordHash)
			if err != nil {
				return err
			}
			if !ok {
				return identity.FieldErrors{"currentPassword": ErrPasswordWrong}
			}
		}
		if err := identity.CheckPassword(password, confirmation); err != nil {
			field := "password"
			if errors.Is(err, identity.ErrPasswordMismatch) {
				field = "password_confirmation"
			}
			return identity.FieldErrors{field: err}
		}
		hash, err := s.opts.Passwords.Hash(password)
		if err != nil {
			return err
		}
		return setPassword(ctx, tx, id, hash, s.now())
	})
}

// BillingInfo is the address that prefills checkout.
type BillingInfo struct {
	Address    string `json:"address"`
	City       string `json:"city"`
	PostalCode string `json:"postalCode"`
	Country    string `json:"country"` // ISO 3166-1 alpha-2
}

// Reasons billing details are refused.
var (
	ErrBillingFieldRequired = errors.New("billing field required")
	ErrBillingFieldTooLong  = errors.New("billing field too long")
	ErrCountryInvalid       = errors.New("country must be an ISO 3166-1 code")
)

// BillingInfo reads the person's billing details; ok is false when none were saved.
func (s *Service) BillingInfo(ctx context.Context, id uuid.UUID) (b BillingInfo, ok bool, err error) {
	err = s.pool.QueryRow(ctx, `SELECT address, city, postal_code, country FROM billing_info WHERE user_id = $1`, id).
		Scan(&b.Address, &b.City, &b.PostalCode, &b.Country)
	if errors.Is(err, pgx.ErrNoRows) {
		return BillingInfo{}, false, nil
	}
	if err != nil {
		return BillingInfo{}, false, fmt.Errorf("identity: billing info of %s: %w", id, err)
	}
	return b, true, nil
}

// SetBillingInfo checks and saves the billing details; every field is required.
func (s *Service) SetBillingInfo(ctx context.Context, id uuid.UUID, b BillingInfo) error {
	errs := identity.FieldErrors{}
	fields := map[string]*string{"address": &b.Address, "city": &b.City, "postalCode": &b.PostalCode}
	for name, v := range fields {
		*v = strings.Join(strings.Fields(*v), " ")
		switch {
		case *v == "":
			errs[name] = ErrBillingFieldRequired
		case len(*v) > 200:
			errs[name] = ErrBillingFieldTooLong
		}
	}
	b.Country = strings.ToUpper(strings.TrimSpace(b.Country))
	if !ValidCountry(b.Country) {
		errs["country"] = ErrCountryInvalid
	}
	if len(errs) > 0 {
		return errs
	}
	_, err := s.pool.Exec(ctx, `INSERT INTO billing_info (user_id, address, city, postal_code, country, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id) DO UPDATE SET address = $2, city = $3,
		postal_code = $4, country = $5, updated_at = $6`, id, b.Address, b.City, b.PostalCode, b.Country, s.now())
	if err != nil {
		return fmt.Errorf("identity: set billing info of %s: %w", id, err)
	}
	return nil
}

// FollowLocaleCurrency sets the currency of a person who never chose one to their browser's
// (docs/profile.md, "Currency and units"); a chosen currency is left alone. It reports whether it
// changed anything.
func (s *Service) FollowLocaleCurrency(ctx context.Context, id uuid.UUID, currency string) (bool, error) {
	if currency != "EUR" && currency != "USD" {
		return false, fmt.Errorf("identity: follow currency %q: %w", currency, ErrCurrencyInvalid)
	}
	tag, err := s.pool.Exec(ctx, `UPDATE users SET currency = $2, updated_at = $3
		WHERE id = $1 AND NOT currency_chosen AND currency <> $2`, id, currency, s.now())
	if err != nil {
		return false, fmt.Errorf("identity: follow currency of %s: %w", id, err)
	}
	return tag.RowsAffected() == 1, nil
}
