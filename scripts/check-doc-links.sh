#!/usr/bin/env bash
# Fails when code or docs cite a docs/ file or section that does not exist (`make lint`).
# A citation is `docs/<name>.md`, optionally followed by its section in quotes
# (`docs/nutrition.md, "Allergens"`) or in parentheses (`docs/nutrition.md (Diets)`); a section
# matches a heading of that file (any level), a bold label or a list label that starts with its
# words.
set -euo pipefail
cd "$(dirname "$0")/.."

fail=0
pattern='docs/[a-z0-9-]+\.md(,? ?"[^"]+"|,? ?\([A-Z][^()"]*\))?'
while IFS= read -r hit; do
	where=${hit%%:docs/*}
	cite=${hit#"$where:"}
	file=$(grep -oE '^docs/[a-z0-9-]+\.md' <<<"$cite")
	if [[ ! -f $file ]]; then
		echo "$where: cites $file, which does not exist" >&2
		fail=1
		continue
	fi
	section=${cite#"$file"}
	section=${section#,}
	section=${section# }
	case $section in
	\"*\") section=${section:1:${#section}-2} ;;
	\(*\)) section=${section:1:${#section}-2} ;;
	*) continue ;;
	esac
	re=$(sed 's/[][\.*^$(){}+?|/]/\\&/g' <<<"$section")
	# A heading, a bold label ("**Keep and regenerate.**", "- **First paint: …**") or a list label ("- Jobs: …").
	if ! grep -qiE "^(#+ +|(- )?\*\*|- )$re" "$file"; then
		echo "$where: cites $file, \"$section\", a section it does not have" >&2
		fail=1
	fi
done < <(git grep -noE "$pattern" -- '*.go' '*.ts' '*.tsx' '*.mjs' '*.sh' '*.md' Makefile ':!docs/performance.md' ':!docs/reliability.md' | sed -E 's/^([^:]+:[0-9]+):/\1:/')
exit $fail
