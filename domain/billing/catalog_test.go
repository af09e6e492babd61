package billing_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/billing"
)

func seeded(t *testing.T) *billing.Catalog {
	t.Helper()
	c := billing.NewCatalog()
	require.NoError(t, c.SeedDefaults())
	return billing.CatalogFromHistory(c.Changes())
}

func TestSeedDefaultsOnlyOnce(t *testing.T) {
	t.Parallel()
	c := seeded(t)
	require.Len(t, c.Packs(), 3)
	require.Equal(t, int64(3), c.Version())
	require.NoError(t, c.SeedDefaults())
	require.Empty(t, c.Changes(), "a catalogue with packs is not seeded again")
}

func TestSavePackChecksEveryField(t *testing.T) {
	t.Parallel()
	both := map[billing.Currency]int64{billing.EUR: 999, billing.USD: 1099}
	for _, tc := range []struct {
		in    billing.PackInput
		field string
	}{
		{billing.PackInput{ID: "Pack 1", Tokens: 10, Prices: both}, "id"},
		{billing.PackInput{ID: "p", Tokens: 0, Prices: both}, "tokens"},
		{billing.PackInput{ID: "p", Tokens: billing.MaxPackTokens + 1, Prices: both}, "tokens"},
		{billing.PackInput{ID: "p", Tokens: 10, Prices: map[billing.Currency]int64{billing.EUR: 999}}, "prices.USD"},
		{billing.PackInput{ID: "p", Tokens: 10, Prices: map[billing.Currency]int64{billing.EUR: 999, billing.USD: -1}}, "prices.USD"},
		{billing.PackInput{ID: "p", Tokens: 10, Prices: map[billing.Currency]int64{billing.EUR: 1, billing.USD: 1, "GBP": 1}}, "prices.GBP"},
		{billing.PackInput{ID: "p", Tokens: 10, Prices: both, Badge: "cheapest"}, "badge"},
	} {
		c := seeded(t)
		_, err := c.Save(tc.in)
		var pe *billing.PackError
		require.ErrorAs(t, err, &pe, "%+v", tc.in)
		require.Equal(t, tc.field, pe.Field)
		require.ErrorIs(t, err, billing.ErrInvalidPack)
		require.Empty(t, c.Changes())
	}

	c := seeded(t)
	e, err := c.Save(billing.PackInput{ID: "pack-60", Tokens: 60, Prices: both, Badge: billing.BadgeMostPopular})
	require.NoError(t, err)
	require.Equal(t, &billing.PackSaved{PackID: "pack-60", Tokens: 60, Prices: both, Badge: billing.BadgeMostPopular}, e)
	p, ok := c.Pack("pack-60")
	require.True(t, ok)
	require.Equal(t, int64(1099), p.Prices[billing.USD])
	// Same values again: nothing to record.
	e, err = c.Save(billing.PackInput{ID: "pack-60", Tokens: 60, Prices: both, Badge: billing.BadgeMostPopular})
	require.NoError(t, err)
	require.Nil(t, e)
	require.Len(t, c.Changes(), 1)
}

func TestRetiredPacksAreNotSoldButKept(t *testing.T) {
	t.Parallel()
	c := seeded(t)
	e, err := c.Retire("pack-20")
	require.NoError(t, err)
	require.Equal(t, &billing.PackRetired{PackID: "pack-20"}, e)
	again, err := c.Retire("pack-20")
	require.NoError(t, err)
	require.Nil(t, again)

	_, _, err = c.ForSale("pack-20", billing.EUR)
	require.ErrorIs(t, err, billing.ErrPackRetired)
	_, _, err = c.ForSale("pack-999", billing.EUR)
	require.ErrorIs(t, err, billing.ErrUnknownPack)
	_, _, err = c.ForSale("pack-60", "GBP")
	require.ErrorIs(t, err, billing.ErrUnknownCurrency)
	p, price, err := c.ForSale("pack-60", billing.USD)
	require.NoError(t, err)
	require.Equal(t, int64(60), p.Tokens)
	require.Equal(t, int64(1199), price)

	_, err = c.Save(billing.PackInput{ID: "pack-20", Tokens: 20, Prices: map[billing.Currency]int64{billing.EUR: 1, billing.USD: 1}})
	require.ErrorIs(t, err, billing.ErrPackRetired, "a stale form cannot bring a retired pack back")
	_, err = c.Retire("nope")
	require.ErrorIs(t, err, billing.ErrUnknownPack)

	require.Len(t, c.Packs(), 3, "retired packs stay in the catalogue")
	require.Len(t, billing.Offers(c.Packs(), billing.EUR), 2, "but are not offered")
}

func TestOffersCompareAgainstSmallestPack(t *testing.T) {
	t.Parallel()
	offers := billing.Offers(billing.DefaultPacks(), billing.EUR)
	require.Len(t, offers, 3)

	require.Equal(t, int64(0), offers[0].DiscountPercent)
	require.InDelta(t, 24.95, offers[0].PerTokenCents, 1e-9)
	require.InDelta(t, 4.008, offers[0].TokensPerUnit, 1e-3)
	require.Equal(t, billing.EUR, offers[0].Currency)

	// 11.99/60 = 0.19983 vs 0.2495 per token: 19.9% cheaper, shown as 19.
	require.Equal(t, int64(19), offers[1].DiscountPercent)
	require.Equal(t, billing.BadgeMostPopular, offers[1].Badge)
	// 24.99/150 = 0.1666 per token: 33.2% cheaper.
	require.Equal(t, int64(33), offers[2].DiscountPercent)
	require.Equal(t, billing.BadgeBestValue, offers[2].Badge)
}

func TestOffersSkipPacksNotSoldInTheCurrency(t *testing.T) {
	t.Parallel()
	offers := billing.Offers([]billing.Pack{
		{ID: "b", Tokens: 40, Prices: map[billing.Currency]int64{billing.EUR: 300}, Active: true},
		{ID: "free", Tokens: 10, Active: true},
		{ID: "usd", Tokens: 5, Prices: map[billing.Currency]int64{billing.USD: 100}, Active: true},
		{ID: "a", Tokens: 10, Prices: map[billing.Currency]int64{billing.EUR: 100}, Active: true},
	}, billing.EUR)
	require.Len(t, offers, 2)
	require.Equal(t, "a", offers[0].ID, "smallest first")
	require.Equal(t, int64(25), offers[1].DiscountPercent)
}

func TestWelcomePromoOnlyOnTheFirstPurchase(t *testing.T) {
	t.Parallel()
	p, err := billing.CheckPromo(" bienvenue30 ", billing.BuyerHistory{})
	require.NoError(t, err)
	require.Equal(t, billing.Promo{Code: "BIENVENUE30", Percent: 30}, p)
	require.Equal(t, int64(839), p.Apply(1199), "11.99 less 3.597 rounded to 3.60")
	require.Equal(t, int64(349), p.Apply(499))

	none, err := billing.CheckPromo("", billing.BuyerHistory{CompletedPurchases: 4})
	require.NoError(t, err)
	require.Equal(t, int64(1199), none.Apply(1199))

	_, err = billing.CheckPromo("WELCOME50", billing.BuyerHistory{})
	require.ErrorIs(t, err, billing.ErrUnknownPromo)
	_, err = billing.CheckPromo("BIENVENUE30", billing.BuyerHistory{RedeemedCodes: []string{"bienvenue30"}})
	require.ErrorIs(t, err, billing.ErrPromoUsed)
	_, err = billing.CheckPromo("BIENVENUE30", billing.BuyerHistory{CompletedPurchases: 1})
	require.ErrorIs(t, err, billing.ErrPromoFirstOrderOnly)
	_, err = billing.CheckPromo("bienvenue30", billing.BuyerHistory{PendingCodes: []string{"BIENVENUE30"}})
	require.ErrorIs(t, err, billing.ErrPromoPending, "another open checkout holds it")
}

func TestParseCurrency(t *testing.T) {
	t.Parallel()
	c, err := billing.ParseCurrency(" usd")
	require.NoError(t, err)
	require.Equal(t, billing.USD, c)
	_, err = billing.ParseCurrency("GBP")
	require.ErrorIs(t, err, billing.ErrUnknownCurrency)
}

// After a first purchase made without the code, the shop says the offer was for a first purchase,
// not that the code was used.
func TestWelcomePromoStateTellsWhyTheCodeIsOver(t *testing.T) {
	t.Parallel()
	require.Equal(t, billing.WelcomePromoAvailable, billing.WelcomePromoStateOf(billing.BuyerHistory{}))
	require.Equal(t, billing.WelcomePromoAvailable, billing.WelcomePromoStateOf(billing.BuyerHistory{PendingCodes: []string{"BIENVENUE30"}}))
	require.Equal(t, billing.WelcomePromoFirstOrderOnly, billing.WelcomePromoStateOf(billing.BuyerHistory{CompletedPurchases: 1}))
	require.Equal(t, billing.WelcomePromoUsed, billing.WelcomePromoStateOf(billing.BuyerHistory{CompletedPurchases: 1, RedeemedCodes: []string{"BIENVENUE30"}}))
}
