package handlers

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/gamelle/gamelle/domain/nutrition"
	"github.com/gamelle/gamelle/internal/csvsafe"
)

// shoppingCSV renders the list for spreadsheets: one row per food with its aisle, the quantity (packs,
// and the mass in the person's units), grams to buy and the estimated cost; a final total row. French lists use ";"
// as the separator and a decimal comma, as French spreadsheets expect.
func shoppingCSV(l nutrition.ShoppingList, locale string, units nutrition.Units) []byte {
	var buf bytes.Buffer
	w := csvsafe.NewWriter(&buf) // food names are people's text: no formula reaches a spreadsheet
	num := func(v float64) string {
		s := fmt.Sprintf("%.2f", v)
		if locale != "en" {
			s = strings.Replace(s, ".", ",", 1)
		}
		return s
	}
	if locale == "en" {
		_ = w.Write([]string{"aisle", "food", "quantity", "grams", "estimated cost (" + string(l.Currency) + ")"})
	} else {
		w.Comma = ';'
		_ = w.Write([]string{"rayon", "aliment", "quantité", "grammes", "coût estimé (" + string(l.Currency) + ")"})
	}
	for _, a := range l.Aisles {
		for _, it := range a.Items {
			_ = w.Write([]string{nutrition.AisleName(a.Aisle, locale), it.Name.In(locale), it.Quantity(units, locale),
				fmt.Sprintf("%.0f", it.PurchaseG), num(it.Cost)})
		}
	}
	total := nutrition.Text{FR: "Total", EN: "Total"}.In(locale)
	_ = w.Write([]string{total, "", "", "", num(l.Total)})
	w.Flush()
	return buf.Bytes()
}
