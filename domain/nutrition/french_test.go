package nutrition

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/data"
)

// French articles elide before a vowel or a mute h, not before an aspirated h or a y.
func TestFrenchElision(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n          noun
		le, de, du string
	}{
		{nmp("flocons d’avoine", "oats"), "les flocons d’avoine", "de flocons d’avoine", "des flocons d’avoine"},
		{nf("avoine", "oat"), "l’avoine", "d’avoine", "de l’avoine"},
		{nmp("épinards", "spinach"), "les épinards", "d’épinards", "des épinards"},
		{nmp("œufs", "eggs"), "les œufs", "d’œufs", "des œufs"},
		{nm("œuf", "egg"), "l’œuf", "d’œuf", "de l’œuf"},
		{nf("huile d’olive", "olive oil"), "l’huile d’olive", "d’huile d’olive", "de l’huile d’olive"},
		{nmp("haricots verts", "green beans"), "les haricots verts", "de haricots verts", "des haricots verts"},
		{nm("houmous", "hummus"), "le houmous", "de houmous", "du houmous"},
		{nm("yaourt", "yoghurt"), "le yaourt", "de yaourt", "du yaourt"},
		{nf("banane", "banana"), "la banane", "de banane", "de la banane"},
		{nm("riz", "rice"), "le riz", "de riz", "du riz"},
	} {
		require.Equal(t, tc.le, tc.n.le())
		require.Equal(t, tc.de, tc.n.de())
		require.Equal(t, tc.du, tc.n.deLe())
	}
	require.Equal(t, "Bol d’œuf", "Bol "+culinaryFromTable(Food{Name: Text{FR: "Oeuf cru", EN: "Egg, raw"}}).de())
	require.Equal(t, "poêlées", nfp("lentilles", "lentils").agree("poêlé"))
	require.Equal(t, "jusqu’à ce qu’il soit tendre", nm("brocoli", "broccoli").until("tendre"))
	require.Equal(t, "jusqu’à ce qu’elles soient dorées et tendres", nfp("pommes de terre", "potatoes").until("doré", "tendre"))
	require.Equal(t, "Salez"+nnbsp+": d’abord", frTypo("Salez : d'abord"))
	require.Equal(t, "bœuf, œuf, cœur", ligatures("boeuf, oeuf, coeur"))
}

// Every food of the override table exists in the shipped CIQUAL table, and the names derived
// from CIQUAL's own wording keep none of its table words.
func TestCulinaryNames(t *testing.T) {
	t.Parallel()
	cat, err := ReadCIQUAL(bytes.NewReader(data.CiqualFoodsCSV))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(culinaryNames), 60)
	for code, n := range culinaryNames {
		_, ok := cat[code]
		require.True(t, ok, "override %d (%s) is not a CIQUAL code", code, n.FR)
		require.NotContains(t, n.FR, "'", "typographic apostrophe in %s", n.FR)
	}
	for code, want := range map[int]noun{
		9119:  nm("riz basmati", "basmati rice"),
		20535: nfp("lentilles corail", "red lentils"),
		22000: nmp("œufs", "eggs"),
		32140: nmp("flocons d’avoine", "oats"),
		36017: nm("poulet", "chicken"),
	} {
		require.Equal(t, want, culinaryName(cat[code]))
	}
	for code, want := range map[int]string{
		36304: "escalope de dinde",                            // override
		36305: "cuisse de dinde",                              // "Dinde, cuisse, viande et peau crues"
		28100: "côte de porc",                                 // override
		28302: "échine de porc",                               // "Porc, échine crue"
		26043: "cabillaud",                                    // "Cabillaud, cru"
		20099: "mâche",                                        // "Mâche, crue"
		20511: "haricots blancs",                              // "Haricot blanc, appertisé, égoutté"
		12116: "emmental",                                     // "Fromage à pâte pressée cuite type emmental ou emmenthal, allégé…"
		16413: "beurre",                                       // "Beurre sans précision sur la teneur en matière grasse…"
		4036:  "pomme de terre sautée à la graisse de canard", // "sautée/poêlée/rissolée": the first
		22010: "œufs durs",
	} {
		require.Equal(t, want, culinaryName(cat[code]).FR, "food %d", code)
	}
	fem, plural := genderFR("échine de porc")
	require.True(t, fem)
	require.False(t, plural)
}
