package fault_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/gamelle/gamelle/domain/fault"
)

var errName = fault.New(fault.Invalid, "name", "x.error.name", "x: bad name")

func TestWrappedFaultKeepsItsKindFieldAndKey(t *testing.T) {
	err := fmt.Errorf("rename: %w", errName)
	if !errors.Is(err, errName) {
		t.Fatal("errors.Is lost the sentinel")
	}
	f := fault.Of(err)
	if f == nil || f.Kind != fault.Invalid || f.Field != "name" || f.Key != "x.error.name" {
		t.Fatalf("Of(wrapped) = %+v", f)
	}
	if got := err.Error(); got != "rename: x: bad name" {
		t.Fatalf("Error() = %q", got)
	}
}

func TestPlainErrorIsInternal(t *testing.T) {
	if f := fault.Of(errors.New("boom")); f != nil {
		t.Fatalf("Of(plain) = %+v", f)
	}
	if k := fault.KindOf(errors.New("boom")); k != fault.Internal {
		t.Fatalf("KindOf(plain) = %v", k)
	}
	if k := fault.KindOf(nil); k != fault.Internal {
		t.Fatalf("KindOf(nil) = %v", k)
	}
}

func TestSentinelsWithSameTextStayDistinct(t *testing.T) {
	a := fault.New(fault.NotFound, "", "", "same")
	b := fault.New(fault.NotFound, "", "", "same")
	if errors.Is(a, b) {
		t.Fatal("two sentinels compare equal")
	}
}

func TestAtMovesTheFaultToAnotherFieldOnly(t *testing.T) {
	f := fault.Of(errName).At("firstName")
	if f.Field != "firstName" || f.Kind != fault.Invalid || f.Key != "x.error.name" || f.Error() != "x: bad name" {
		t.Fatalf("At = %+v", f)
	}
	if fault.Of(errName).Field != "name" {
		t.Fatal("At changed the sentinel")
	}
}
