package ledger_test

import (
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/gamelle/gamelle/domain/ledger"
)

func ExampleWallet_Charge() {
	w := ledger.NewWallet(uuid.New())
	_, _ = w.Grant(2, ledger.ReasonSignupBonus, "")
	e, _ := w.Charge(2, ledger.ReasonRecipeGeneration, "request-1")
	fmt.Println(e.EventType(), e.BalanceAfter)
	_, err := w.Charge(1, ledger.ReasonRecipeGeneration, "request-2")
	fmt.Println(errors.Is(err, ledger.ErrInsufficientTokens))
	// Output:
	// TokensCharged.v1 0
	// true
}
