package nutrition

// CulinaryNameOf is the name a cook writes for f, in both languages (for the tests of the
// nutrition_test package).
func CulinaryNameOf(f Food) Text {
	n := culinaryName(f)
	return Text{FR: n.FR, EN: n.EN}
}
