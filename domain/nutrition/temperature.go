package nutrition

import (
	"math"
	"regexp"
	"strconv"
)

// celsius finds a temperature written in Celsius ("200 °C", "200\u00a0°C"), with the Fahrenheit
// the English texts give beside it, in brackets ("200 °C (400 °F)") or after a slash
// ("63 °C / 145 °F").
var celsius = regexp.MustCompile(`(\d+)([ \x{00A0}\x{202F}])°C(?: \((\d+) °F\)| / (\d+) °F)?`)

// TemperaturesIn writes the temperatures of a cooking text in the person's unit first: for
// people who count in pounds, "400 °F (200 °C)" where the text says "200 °C (400 °F)" or only
// "200 °C" (the French texts); metric texts are returned as they are. The Fahrenheit figure the
// text gives is kept (oven dials read 400 °F, not 392 °F); one it lacks is rounded to 5 °F above
// 100 °C (oven settings), to 1 °F below (core temperatures).
func TemperaturesIn(text string, units Units) string {
	if units != Imperial {
		return text
	}
	return celsius.ReplaceAllStringFunc(text, func(m string) string {
		g := celsius.FindStringSubmatch(m)
		c, sep := g[1], g[2]
		f := g[3]
		slash := g[4] != ""
		if slash {
			f = g[4]
		}
		if f == "" {
			n, _ := strconv.Atoi(c)
			v := float64(n)*9/5 + 32
			if n > 100 {
				v = math.Round(v/5) * 5
			}
			f = strconv.Itoa(int(math.Round(v)))
		}
		if slash {
			return f + sep + "°F / " + c + sep + "°C"
		}
		return f + sep + "°F (" + c + sep + "°C)"
	})
}
