package nutrition_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// OliveOilKgPerL is the density of olive oil: a litre weighs about 0.915 kg.
const oliveOilKgPerL = 0.915

// TestShippedPricesMatchFrenchShelves: the named foods cost what a French supermarket asked in
// 2026 (data/prices/README.md), per kg of what is sold (dry for grains and pulses).
func TestShippedPricesMatchFrenchShelves(t *testing.T) {
	t.Parallel()
	cat, pt := shipped(t)
	perKg := func(code int) float64 {
		t.Helper()
		f, ok := cat[code]
		require.True(t, ok, "food %d", code)
		return pt.DryPerKgEUR(f)
	}
	between := func(what string, v, lo, hi float64) {
		t.Helper()
		require.GreaterOrEqual(t, v, lo, what)
		require.LessOrEqual(t, v, hi, what)
	}
	between("olive oil, € per litre", perKg(17270)*oliveOilKgPerL, 8, 12)
	between("honey", perKg(31008), 8, 15)
	between("oat flakes", perKg(32140), 2, 3)
	for _, berry := range []int{13014, 13015, 13028, 13029, 13007, 13019, 13997, 13132, 13136, 13150} {
		between(cat[berry].Name.FR, perKg(berry), 8, 25)
	}
	between("quinoa", perKg(9340), 6, 12)
	between("white rice", perKg(9100), 1.8, 3.5)
	require.Greater(t, perKg(9340), 2*perKg(9100), "quinoa is priced apart from rice")
	between("cooked quinoa bought as quinoa", perKg(9341), 6, 12)
	between("salmon fillet", perKg(26036), 22, 30)
	between("cod fillet", perKg(26043), 18, 30)
	between("beef steak (faux-filet)", perKg(6111), 20, 35)
	between("beef steak (entrecôte)", perKg(6103), 20, 35)
	between("chicken breast", perKg(36017), 10, 17)
	between("eggs (edible part)", perKg(22000), 5, 8)
	between("semi-skimmed milk", perKg(19041), 0.9, 1.5)
	between("plain yoghurt", perKg(19593), 2, 4)
	between("emmental", perKg(12115), 8, 14)
	between("parmesan", perKg(12120), 20, 35)
	between("tofu", perKg(20904), 8, 16)
	between("canned tuna (drained)", perKg(26039), 12, 22)
	between("dry lentils", perKg(20359), 2.5, 5)
	between("dry pasta", perKg(9810), 1.2, 2.5)
	between("white sugar", perKg(31016), 0.9, 1.8)
	between("butter", perKg(16400), 9, 14)
	between("broccoli", perKg(20057), 2.5, 5)
	between("carrots", perKg(20009), 1, 2.5)
	between("courgette", perKg(20020), 2, 4)
	between("apples", perKg(13039), 1.8, 3.5)
	between("bananas", perKg(13005), 1.5, 2.8)
	between("boiled potatoes (subgroup)", perKg(4003), 1, 2.5)
	between("almonds", perKg(15000), 12, 22)
	// Cooked rice costs its dry equivalent: 38.6 % dry matter of rice at 88 %.
	require.InDelta(t, perKg(9100)*(100-61.4)/88, pt.PerKgEUR(cat[9104]), 1e-9)
}
