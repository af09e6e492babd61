package main

import (
	"encoding/json"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"sync/atomic"
	"time"
)

// fakeAI is an OpenAI-compatible chat-completions server (POST /v1/chat/completions) that
// answers the workers' recipe and explanation requests with injected faults: server errors,
// 429 with Retry-After, malformed JSON, answers naming foods off the list, and stalls longer
// than the adapter's 20 s attempt time-out. The rest get a well-formed proposal built from the
// food codes listed in the prompt. Every fault must end in the built-in generator's recipes
// (integrations/ai), never in a lost charge.
type fakeAI struct {
	srv   *http.Server
	url   string
	stall time.Duration // 0: no stalls (the short run)
	// counts by outcome
	ok, errs, limited, malformed, offList, stalled atomic.Int64
}

var promptFoodRE = regexp.MustCompile(`(?m)^(\d+) \| `)

func startFakeAI(stall time.Duration) (*fakeAI, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	f := &fakeAI{stall: stall, url: "http://" + l.Addr().String() + "/v1"}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", f.complete)
	f.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = f.srv.Serve(l) }()
	return f, nil
}

func (f *fakeAI) close() { _ = f.srv.Close() }

func (f *fakeAI) complete(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	_ = json.Unmarshal(body, &req)
	prompt := ""
	for _, m := range req.Messages {
		if m.Role == "user" {
			prompt = m.Content
		}
	}
	roll := rand.IntN(100)
	switch {
	case roll < 12:
		f.errs.Add(1)
		http.Error(w, `{"error":{"message":"injected"}}`, http.StatusInternalServerError)
		return
	case roll < 20:
		f.limited.Add(1)
		w.Header().Set("Retry-After", "1")
		http.Error(w, `{"error":{"message":"slow down"}}`, http.StatusTooManyRequests)
		return
	case roll < 28:
		f.malformed.Add(1)
		writeChat(w, `{"recipes": [ {"foodCodes": "not a list"`)
		return
	case roll < 34:
		f.offList.Add(1)
		writeChat(w, `{"recipes":[{"foodCodes":[1,2,3],"name":{"fr":"Hors liste","en":"Off the list"},"steps":{"fr":["Mélanger."],"en":["Mix."]}}]}`)
		return
	case roll < 44 && f.stall > 0:
		f.stalled.Add(1)
		select {
		case <-time.After(f.stall):
		case <-r.Context().Done():
			return
		}
	}
	f.ok.Add(1)
	if _, isExplain := explainRequest(prompt); isExplain {
		writeChat(w, `{"explanation":"Vos besoins tiennent compte de votre activité."}`)
		return
	}
	var codes []int
	for _, m := range promptFoodRE.FindAllStringSubmatch(prompt, -1) {
		if c, err := strconv.Atoi(m[1]); err == nil {
			codes = append(codes, c)
		}
	}
	type lang struct {
		FR string `json:"fr"`
		EN string `json:"en"`
	}
	type steps struct {
		FR []string `json:"fr"`
		EN []string `json:"en"`
	}
	type recipe struct {
		FoodCodes []int `json:"foodCodes"`
		Name      lang  `json:"name"`
		Steps     steps `json:"steps"`
	}
	var out struct {
		Recipes []recipe `json:"recipes"`
	}
	if len(codes) > 4 {
		codes = codes[:4]
	}
	out.Recipes = append(out.Recipes, recipe{FoodCodes: codes, Name: lang{FR: "Assiette de la semaine", EN: "Plate of the week"},
		Steps: steps{FR: []string{"Cuire les féculents.", "Poêler le reste.", "Servir chaud."}, EN: []string{"Cook the starch.", "Pan-fry the rest.", "Serve hot."}}})
	b, _ := json.Marshal(out)
	writeChat(w, string(b))
}

// explainRequest tells the needs explainer's prompt from the recipe one (the recipe prompt
// lists foods as "code | name | ...").
func explainRequest(prompt string) (string, bool) {
	return prompt, !promptFoodRE.MatchString(prompt)
}

func writeChat(w http.ResponseWriter, content string) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-soak", "object": "chat.completion", "created": time.Now().Unix(), "model": "soak-model",
		"choices": []map[string]any{{"index": 0, "finish_reason": "stop", "message": map[string]string{"role": "assistant", "content": content}}},
	})
}
