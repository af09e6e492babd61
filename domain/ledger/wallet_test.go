package ledger_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/ledger"
	"github.com/gamelle/gamelle/internal/gwt"
)

// given starts a Given/When/Then scenario (internal/gwt) on a wallet.
func given(t *testing.T, events ...ledger.Event) gwt.Scenario[*ledger.Wallet, ledger.Event] {
	t.Helper()
	return gwt.Given(t, func(h []ledger.Event) *ledger.Wallet { return ledger.FromHistory(uuid.New(), h) }, events...)
}

func grant(amount int64, reason ledger.GrantReason, ref string) func(*ledger.Wallet) error {
	return func(w *ledger.Wallet) error { _, err := w.Grant(amount, reason, ref); return err }
}

func charge(amount int64, ref string) func(*ledger.Wallet) error {
	return func(w *ledger.Wallet) error {
		_, err := w.Charge(amount, ledger.ReasonRecipeGeneration, ref)
		return err
	}
}

func refund(amount int64, ref string) func(*ledger.Wallet) error {
	return func(w *ledger.Wallet) error { _, err := w.Refund(amount, ref); return err }
}

func promo(code, checkout string) func(*ledger.Wallet) error {
	return func(w *ledger.Wallet) error { _, err := w.RedeemPromo(code, checkout); return err }
}

var (
	bonus2   = ledger.TokensGranted{Amount: 2, Reason: ledger.ReasonSignupBonus, BalanceAfter: 2}
	bought60 = ledger.TokensGranted{Amount: 60, Reason: ledger.ReasonPurchase, Ref: "checkout-1", BalanceAfter: 62}
	spent1   = ledger.TokensCharged{Amount: 1, Reason: ledger.ReasonRecipeGeneration, Ref: "req-1", BalanceAfter: 61}
)

func TestGrant(t *testing.T) {
	t.Parallel()
	t.Run("sign-up bonus on a new wallet", func(t *testing.T) {
		given(t).When(grant(2, ledger.ReasonSignupBonus, "")).Then(bonus2)
	})
	t.Run("purchase adds to the balance", func(t *testing.T) {
		given(t, bonus2).When(grant(60, ledger.ReasonPurchase, "checkout-1")).Then(bought60)
	})
	t.Run("admin grant", func(t *testing.T) {
		given(t, bonus2).When(grant(3, ledger.ReasonAdminGrant, "goodwill")).
			Then(ledger.TokensGranted{Amount: 3, Reason: ledger.ReasonAdminGrant, Ref: "goodwill", BalanceAfter: 5})
	})
	t.Run("zero, negative and huge amounts are refused", func(t *testing.T) {
		given(t).When(grant(0, ledger.ReasonAdminGrant, "")).ThenError(ledger.ErrInvalidAmount)
		given(t).When(grant(-5, ledger.ReasonAdminGrant, "")).ThenError(ledger.ErrInvalidAmount)
		given(t).When(grant(ledger.MaxAmount+1, ledger.ReasonAdminGrant, "")).ThenError(ledger.ErrInvalidAmount)
	})
	t.Run("unknown reason, and refund without its charge, are refused", func(t *testing.T) {
		given(t).When(grant(1, "lottery", "")).ThenError(ledger.ErrInvalidReason)
		given(t).When(grant(1, ledger.ReasonRefund, "req-1")).ThenError(ledger.ErrInvalidReason)
	})
	t.Run("a purchase names its checkout", func(t *testing.T) {
		given(t).When(grant(20, ledger.ReasonPurchase, "")).ThenError(ledger.ErrMissingRef)
	})
}

func TestCharge(t *testing.T) {
	t.Parallel()
	t.Run("spends from the balance", func(t *testing.T) {
		given(t, bonus2, bought60).When(charge(1, "req-1")).Then(spent1)
	})
	t.Run("may spend the balance down to zero", func(t *testing.T) {
		given(t, bonus2).When(charge(2, "req-1")).
			Then(ledger.TokensCharged{Amount: 2, Reason: ledger.ReasonRecipeGeneration, Ref: "req-1", BalanceAfter: 0})
	})
	t.Run("never below zero", func(t *testing.T) {
		o := given(t, bonus2).When(charge(3, "req-1"))
		o.ThenError(ledger.ErrInsufficientTokens)
		var ite *ledger.InsufficientTokensError
		require.ErrorAs(t, o.Err(), &ite)
		require.Equal(t, ledger.InsufficientTokensError{Balance: 2, Requested: 3}, *ite)
	})
	t.Run("an empty wallet cannot spend", func(t *testing.T) {
		given(t).When(charge(1, "req-1")).ThenError(ledger.ErrInsufficientTokens)
	})
	t.Run("amount, reason and ref are checked", func(t *testing.T) {
		given(t, bonus2).When(charge(0, "req-1")).ThenError(ledger.ErrInvalidAmount)
		given(t, bonus2).When(charge(1, "")).ThenError(ledger.ErrMissingRef)
		given(t, bonus2).When(func(w *ledger.Wallet) error { _, err := w.Charge(1, "gift", "x"); return err }).ThenError(ledger.ErrInvalidReason)
	})
}

func TestRefund(t *testing.T) {
	t.Parallel()
	t.Run("gives back a charge", func(t *testing.T) {
		given(t, bonus2, bought60, spent1).When(refund(1, "req-1")).
			Then(ledger.TokensGranted{Amount: 1, Reason: ledger.ReasonRefund, Ref: "req-1", BalanceAfter: 62})
	})
	t.Run("only once", func(t *testing.T) {
		refunded := ledger.TokensGranted{Amount: 1, Reason: ledger.ReasonRefund, Ref: "req-1", BalanceAfter: 62}
		given(t, bonus2, bought60, spent1, refunded).When(refund(1, "req-1")).ThenError(ledger.ErrNothingToRefund)
	})
	t.Run("not more than was charged", func(t *testing.T) {
		given(t, bonus2, bought60, spent1).When(refund(2, "req-1")).ThenError(ledger.ErrNothingToRefund)
	})
	t.Run("not a charge that never happened", func(t *testing.T) {
		given(t, bonus2).When(refund(1, "req-404")).ThenError(ledger.ErrNothingToRefund)
	})
	t.Run("needs the full history", func(t *testing.T) {
		w := ledger.FromHead(uuid.New(), 3, 61)
		_, err := w.Refund(1, "req-1")
		require.ErrorIs(t, err, ledger.ErrHistoryRequired)
	})
}

func TestRedeemPromo(t *testing.T) {
	t.Parallel()
	t.Run("records the code, balance unchanged", func(t *testing.T) {
		given(t, bonus2).When(promo(" bienvenue30 ", "checkout-9")).
			Then(ledger.PromoCodeRedeemed{Code: "BIENVENUE30", CheckoutID: "checkout-9", BalanceAfter: 2})
	})
	t.Run("once per wallet", func(t *testing.T) {
		used := ledger.PromoCodeRedeemed{Code: "BIENVENUE30", CheckoutID: "checkout-1", BalanceAfter: 0}
		given(t, used).When(promo("BIENVENUE30", "checkout-2")).ThenError(ledger.ErrPromoAlreadyRedeemed)
	})
	t.Run("code and checkout are required", func(t *testing.T) {
		given(t).When(promo("", "checkout-2")).ThenError(ledger.ErrMissingRef)
		given(t).When(promo("X", "")).ThenError(ledger.ErrMissingRef)
	})
}

func reserve(code, checkout string) func(*ledger.Wallet) error {
	return func(w *ledger.Wallet) error { _, _, err := w.ReservePromo(code, checkout); return err }
}

func release(code, checkout string) func(*ledger.Wallet) error {
	return func(w *ledger.Wallet) error { _, _, err := w.ReleasePromo(code, checkout); return err }
}

func TestReservePromo(t *testing.T) {
	t.Parallel()
	held := ledger.PromoCodeReserved{Code: "BIENVENUE30", CheckoutID: "checkout-1", BalanceAfter: 2}
	t.Run("holds the code for one open checkout, balance unchanged", func(t *testing.T) {
		given(t, bonus2).When(reserve(" bienvenue30 ", "checkout-1")).Then(held)
	})
	t.Run("another checkout is refused while it is held", func(t *testing.T) {
		given(t, bonus2, held).When(reserve("BIENVENUE30", "checkout-2")).ThenError(ledger.ErrPromoReserved)
	})
	t.Run("the same checkout again records nothing", func(t *testing.T) {
		given(t, bonus2, held).When(reserve("BIENVENUE30", "checkout-1")).Then()
	})
	t.Run("free again once released", func(t *testing.T) {
		released := ledger.PromoCodeReleased{Code: "BIENVENUE30", CheckoutID: "checkout-1", BalanceAfter: 2}
		given(t, bonus2, held).When(release("BIENVENUE30", "checkout-1")).Then(released)
		given(t, bonus2, held, released).When(reserve("BIENVENUE30", "checkout-2")).
			Then(ledger.PromoCodeReserved{Code: "BIENVENUE30", CheckoutID: "checkout-2", BalanceAfter: 2})
	})
	t.Run("a release by another checkout, or a second one, records nothing", func(t *testing.T) {
		given(t, bonus2, held).When(release("BIENVENUE30", "checkout-2")).Then()
		given(t, bonus2).When(release("BIENVENUE30", "checkout-1")).Then()
	})
	t.Run("redeemed: refused for good, and the reservation is spent", func(t *testing.T) {
		used := ledger.PromoCodeRedeemed{Code: "BIENVENUE30", CheckoutID: "checkout-1", BalanceAfter: 2}
		given(t, bonus2, held, used).When(reserve("BIENVENUE30", "checkout-2")).ThenError(ledger.ErrPromoAlreadyRedeemed)
		given(t, bonus2, held, used).When(release("BIENVENUE30", "checkout-1")).Then()
		w := ledger.FromHistory(uuid.New(), []ledger.Event{bonus2, held, used})
		require.Empty(t, w.ReservedBy("BIENVENUE30"))
	})
	t.Run("needs the full history", func(t *testing.T) {
		_, _, err := ledger.FromHead(uuid.New(), 3, 61).ReservePromo("BIENVENUE30", "checkout-1")
		require.ErrorIs(t, err, ledger.ErrHistoryRequired)
		given(t).When(reserve("", "checkout-1")).ThenError(ledger.ErrMissingRef)
	})
}

func TestReplayRebuildsState(t *testing.T) {
	t.Parallel()
	user := uuid.New()
	w := ledger.NewWallet(user)
	_, err := w.Grant(2, ledger.ReasonSignupBonus, "")
	require.NoError(t, err)
	_, err = w.Charge(2, ledger.ReasonNeedsCalculation, "n1")
	require.NoError(t, err)
	_, err = w.Refund(2, "n1")
	require.NoError(t, err)
	replayed := ledger.FromHistory(user, w.Changes())
	require.Equal(t, w.Balance(), replayed.Balance())
	require.Equal(t, int64(3), replayed.Version())
	require.Empty(t, replayed.Changes())
}

func TestDecodeRoundTrip(t *testing.T) {
	t.Parallel()
	for _, e := range []ledger.Event{bonus2, spent1, ledger.PromoCodeRedeemed{Code: "A", CheckoutID: "c", BalanceAfter: 4},
		ledger.PromoCodeReserved{Code: "A", CheckoutID: "c", BalanceAfter: 4}, ledger.PromoCodeReleased{Code: "A", CheckoutID: "c", BalanceAfter: 4}} {
		b, err := jsonMarshal(e)
		require.NoError(t, err)
		got, err := ledger.Decode(e.EventType(), b)
		require.NoError(t, err)
		require.Equal(t, e, got)
	}
	_, err := ledger.Decode("Nope.v1", []byte(`{}`))
	require.ErrorIs(t, err, ledger.ErrUnknownEventType)
}

func TestStreamID(t *testing.T) {
	t.Parallel()
	u := uuid.New()
	got, err := ledger.UserIDFromStream(ledger.StreamID(u))
	require.NoError(t, err)
	require.Equal(t, u, got)
	_, err = ledger.UserIDFromStream("mealprep-" + u.String())
	require.Error(t, err)
}

func revoke(amount int64, ref string) func(*ledger.Wallet) error {
	return func(w *ledger.Wallet) error {
		_, _, err := w.Revoke(amount, ledger.ReasonPurchaseRefunded, ref)
		return err
	}
}

func TestRevokeNeverGoesBelowZero(t *testing.T) {
	t.Parallel()
	bought := ledger.TokensGranted{Amount: 60, Reason: ledger.ReasonPurchase, Ref: "checkout-1", BalanceAfter: 62}
	spent := ledger.TokensCharged{Amount: 50, Reason: ledger.ReasonRecipeGeneration, Ref: "r1", BalanceAfter: 12}
	given(t, bought).When(revoke(60, "checkout-1")).
		Then(ledger.TokensRevoked{Amount: 60, Reason: ledger.ReasonPurchaseRefunded, Ref: "checkout-1", BalanceAfter: 2})
	given(t, bought, spent).When(revoke(60, "checkout-1")).
		Then(ledger.TokensRevoked{Amount: 12, Reason: ledger.ReasonPurchaseRefunded, Ref: "checkout-1", BalanceAfter: 0})
	drained := ledger.TokensCharged{Amount: 12, Reason: ledger.ReasonRecipeGeneration, Ref: "r2", BalanceAfter: 0}
	given(t, bought, spent, drained).When(revoke(60, "checkout-1")).Then()
	given(t, bought).When(revoke(0, "checkout-1")).ThenError(ledger.ErrInvalidAmount)
	given(t, bought).When(revoke(1, "")).ThenError(ledger.ErrMissingRef)
}
