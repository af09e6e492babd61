package eventcodec_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gamelle/gamelle/domain/eventcodec"
)

type event interface{ EventType() string }

type added struct {
	N int `json:"n"`
}

func (added) EventType() string { return "Added.v1" }

var errUnknown = errors.New("test: unknown event type")

var codec = eventcodec.New[event]("test", errUnknown, map[string]func([]byte) (event, error){
	"Added.v1": func(p []byte) (event, error) {
		var v added
		err := json.Unmarshal(p, &v)
		return v, err
	},
})

// TestDecode: a known type decodes into its value; an unknown one is the area's unknown error
// with the type; a damaged payload is an error naming the area and the type, and no value.
func TestDecode(t *testing.T) {
	e, err := codec.Decode("Added.v1", []byte(`{"n":3}`))
	require.NoError(t, err)
	require.Equal(t, added{N: 3}, e)
	require.True(t, codec.Knows("Added.v1"))

	e, err = codec.Decode("Gone.v1", []byte(`{}`))
	require.ErrorIs(t, err, errUnknown)
	require.EqualError(t, err, `test: unknown event type: "Gone.v1"`)
	require.Nil(t, e)
	require.False(t, codec.Knows("Gone.v1"))

	e, err = codec.Decode("Added.v1", []byte(`{"n":"3"}`))
	require.ErrorContains(t, err, "test: decode Added.v1: ")
	require.Nil(t, e)
}
