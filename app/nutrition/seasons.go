package nutrition

import (
	"sync"

	"github.com/gamelle/gamelle/data"
	"github.com/gamelle/gamelle/domain/season"
)

// Seasons is the shipped calendar of fruit and vegetables in season in metropolitan France
// (data/seasons), parsed once per process; domain/season's tests prove the file readable.
var Seasons = sync.OnceValue(func() *season.Calendar { return season.MustParse(data.SeasonsCSV) })
