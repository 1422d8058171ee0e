package sandbox

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sabershop/internal/payment"
	"sabershop/internal/testutil"
)

// TestRoundTripFromTypeScript: components/payment/encrypt.ts, run in node
// with the real jsencrypt, encrypts what a shopper typed; the sandbox
// decrypts it and decides as it would for the card form.
func TestRoundTripFromTypeScript(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not on PATH")
	}
	p, _ := newTest(t, Config{})

	pemKey, err := base64.StdEncoding.DecodeString(p.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	block, _ := pem.Decode(pemKey)
	keys := map[string]string{
		"base64 PEM (as published)": p.PublicKey(),
		"PEM":                       string(pemKey),
		"base64 DER":                base64.StdEncoding.EncodeToString(block.Bytes),
	}
	now := time.Now()
	// Typed the loose way shoppers do; encrypt.ts normalises.
	loose := fmt.Sprintf("%d / %d", int(now.Month()), now.Year()+2)
	type input struct {
		Name   string            `json:"name"`
		Key    string            `json:"key"`
		Card   map[string]string `json:"card"`
		Origin string            `json:"origin,omitempty"` // "" = window.location.origin
	}
	type want struct {
		outcome  payment.Outcome
		declined bool
	}
	var inputs []input
	wants := map[string]want{}
	for kname, key := range keys {
		name := "4242 with " + kname
		inputs = append(inputs, input{name, key, map[string]string{"number": "4242 4242 4242 4242", "expiry": loose, "cvc": " 123 "}, shopOrigin})
		wants[name] = want{outcome: payment.OutcomePending}
	}
	add := func(name, number, origin string, w want) {
		inputs = append(inputs, input{name, p.PublicKey(), map[string]string{"number": number, "expiry": futureExpiry(), "cvc": "321"}, origin})
		wants[name] = w
	}
	add("4242 from window.location.origin", "4242424242424242", "", want{outcome: payment.OutcomePending})
	add("3ds", "4000 0027 6000 3184", shopOrigin, want{outcome: payment.Outcome3DS})
	add("declined", "4000 0000 0000 0002", shopOrigin, want{declined: true})
	add("other site", "4242424242424242", "https://evil.example", want{declined: true})

	payload, _ := json.Marshal(inputs)
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	// The module's default origin argument reads window.location: give node
	// just that, as the shop's page would have it.
	script := `import { encryptCard } from "./components/payment/encrypt";
(globalThis as any).window = { location: { origin: ` + jsString(shopOrigin) + ` } };
const inputs: { name: string; key: string; card: { number: string; expiry: string; cvc: string }; origin?: string }[] = ` + string(payload) + `;
const out: Record<string, string> = {};
for (const i of inputs) out[i.name] = i.origin ? encryptCard(i.key, i.card, i.origin) : encryptCard(i.key, i.card);
let bad = "";
try { encryptCard("not a key", { number: "4242424242424242", expiry: "01/40", cvc: "123" }, "x"); } catch (e) { bad = (e as Error).message; }
console.log(JSON.stringify({ out, bad }));
`
	stdout := testutil.RunTS(t, root, "encrypt-roundtrip.ts", script)
	var got struct {
		Out map[string]string `json:"out"`
		Bad string            `json:"bad"`
	}
	if err := json.Unmarshal(stdout, &got); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if got.Bad == "" || strings.ContainsAny(got.Bad, "0123456789") {
		t.Errorf("an unusable key must throw an error without card data, got %q", got.Bad)
	}
	for name, w := range wants {
		blob := got.Out[name]
		if blob == "" {
			t.Errorf("%s: no blob", name)
			continue
		}
		r, err := p.Start(context.Background(), cardRequest(blob))
		switch {
		case w.declined && !errors.Is(err, payment.ErrDeclined):
			t.Errorf("%s: %v, want ErrDeclined", name, err)
		case !w.declined && err != nil:
			t.Errorf("%s: %v", name, err)
		case !w.declined && r.Outcome != w.outcome:
			t.Errorf("%s: outcome %s, want %s", name, r.Outcome, w.outcome)
		}
	}
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
