package billing

import (
	"fmt"
	"maps"
	"slices"
)

// CatalogStream is the one stream holding every pack edit: the catalogue is small and edited
// rarely, so one stream gives a total order and optimistic concurrency across all packs.
const CatalogStream = "packs"

// Catalog is the pack catalogue aggregate. Packs are never deleted: retiring keeps the pack and
// its history, so past checkouts still name it.
type Catalog struct {
	version int64
	packs   map[string]Pack
	changes []Event
}

// NewCatalog is an empty catalogue (no stream yet).
func NewCatalog() *Catalog { return &Catalog{packs: map[string]Pack{}} }

// CatalogFromHistory replays the catalogue's events in stream order.
func CatalogFromHistory(events []Event) *Catalog {
	c := NewCatalog()
	for _, e := range events {
		c.apply(e)
		c.version++
	}
	return c
}

// Version is the stream version the catalogue was loaded at.
func (c *Catalog) Version() int64 { return c.version }

// Changes are the events recorded since loading.
func (c *Catalog) Changes() []Event { return c.changes }

// Empty reports whether no pack was ever defined.
func (c *Catalog) Empty() bool { return len(c.packs) == 0 }

// Packs lists every pack, retired ones included, smallest first.
func (c *Catalog) Packs() []Pack {
	out := slices.Collect(maps.Values(c.packs))
	slices.SortFunc(out, func(a, b Pack) int {
		if a.Tokens != b.Tokens {
			return int(a.Tokens - b.Tokens)
		}
		if a.ID < b.ID {
			return -1
		}
		return 1
	})
	return out
}

// Pack finds a pack by id, retired or not.
func (c *Catalog) Pack(id string) (Pack, bool) {
	p, ok := c.packs[id]
	return p, ok
}

// ForSale finds an active pack sold in currency, or says why it cannot be bought.
func (c *Catalog) ForSale(id string, currency Currency) (Pack, int64, error) {
	p, ok := c.packs[id]
	if !ok {
		return Pack{}, 0, fmt.Errorf("%w: %q", ErrUnknownPack, id)
	}
	if !p.Active {
		return Pack{}, 0, fmt.Errorf("%w: %q", ErrPackRetired, id)
	}
	price, ok := p.Price(currency)
	if !ok {
		return Pack{}, 0, fmt.Errorf("%w: %s for pack %q", ErrUnknownCurrency, currency, id)
	}
	return p, price, nil
}

func (c *Catalog) record(e Event) {
	c.apply(e)
	c.changes = append(c.changes, e)
}

func (c *Catalog) apply(e Event) {
	switch e := e.(type) {
	case PackSaved:
		c.packs[e.PackID] = Pack{ID: e.PackID, Tokens: e.Tokens, Prices: maps.Clone(e.Prices), Badge: e.Badge, Active: true}
	case PackRetired:
		if p, ok := c.packs[e.PackID]; ok {
			p.Active = false
			c.packs[e.PackID] = p
		}
	}
}

// PackInput is an admin's edit of a pack (a new id creates it).
type PackInput struct {
	ID     string
	Tokens int64
	Prices map[Currency]int64
	Badge  Badge
}

// Save creates or edits a pack. A retired pack stays retired (create another id instead), so a
// stale form cannot bring it back. Saving identical values records nothing.
func (c *Catalog) Save(in PackInput) (*PackSaved, error) {
	if !packIDPattern.MatchString(in.ID) {
		return nil, &PackError{Field: "id", Reason: "lowercase letters, digits and dashes, up to 40"}
	}
	if in.Tokens <= 0 || in.Tokens > MaxPackTokens {
		return nil, &PackError{Field: "tokens", Reason: fmt.Sprintf("from 1 to %d", MaxPackTokens)}
	}
	prices := map[Currency]int64{}
	for _, cur := range Currencies() {
		v := in.Prices[cur]
		if v <= 0 || v > MaxPackPriceCents {
			return nil, &PackError{Field: "prices." + string(cur), Reason: fmt.Sprintf("from 1 to %d cents", MaxPackPriceCents)}
		}
		prices[cur] = v
	}
	for cur := range in.Prices {
		if !slices.Contains(Currencies(), cur) {
			return nil, &PackError{Field: "prices." + string(cur), Reason: "currency not sold"}
		}
	}
	if !in.Badge.Valid() {
		return nil, &PackError{Field: "badge", Reason: "unknown badge"}
	}
	if old, ok := c.packs[in.ID]; ok {
		if !old.Active {
			return nil, fmt.Errorf("%w: %q", ErrPackRetired, in.ID)
		}
		if old.Tokens == in.Tokens && old.Badge == in.Badge && maps.Equal(old.Prices, prices) {
			return nil, nil
		}
	}
	e := PackSaved{PackID: in.ID, Tokens: in.Tokens, Prices: prices, Badge: in.Badge}
	c.record(e)
	return &e, nil
}

// Retire stops selling a pack; retiring a retired pack records nothing.
func (c *Catalog) Retire(id string) (*PackRetired, error) {
	p, ok := c.packs[id]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownPack, id)
	}
	if !p.Active {
		return nil, nil
	}
	e := PackRetired{PackID: id}
	c.record(e)
	return &e, nil
}

// SeedDefaults defines the default packs in an empty catalogue; on a non-empty one it records
// nothing (the admins' edits win).
func (c *Catalog) SeedDefaults() error {
	if !c.Empty() {
		return nil
	}
	for _, p := range DefaultPacks() {
		if _, err := c.Save(PackInput{ID: p.ID, Tokens: p.Tokens, Prices: p.Prices, Badge: p.Badge}); err != nil {
			return err
		}
	}
	return nil
}
