package mail

import (
	"reflect"
	"strings"
	"testing"
)

// Every kind, in every language, gets the demo subject prefix and the
// notice at the top of both bodies; the queued message stays as it was.
func TestMarkDemo(t *testing.T) {
	notices := map[string]string{
		"en": "This e-mail comes from a demo shop",
		"pl": "Ta wiadomość pochodzi ze sklepu demonstracyjnego",
		"de": "Diese E-Mail stammt aus einem Demo-Shop",
	}
	for _, loc := range Locales() {
		msgs, err := allKinds(loc)
		if err != nil {
			t.Fatal(err)
		}
		for kind, m := range msgs {
			orig := *m
			d, err := MarkDemo(m)
			if err != nil {
				t.Fatalf("%s %s: %v", loc, kind, err)
			}
			if d.Subject != "[DEMO] "+orig.Subject {
				t.Errorf("%s %s: subject %q", loc, kind, d.Subject)
			}
			if !strings.HasPrefix(d.Text, notices[loc]) || !strings.HasSuffix(d.Text, orig.Text) {
				t.Errorf("%s %s: text starts %q", loc, kind, d.Text[:80])
			}
			body := strings.Index(d.HTML, "<body")
			if i := strings.Index(d.HTML, notices[loc]); body < 0 || i < body || i > body+600 {
				t.Errorf("%s %s: the notice is not at the top of the HTML body (at %d, body at %d)", loc, kind, i, body)
			}
			if !reflect.DeepEqual(*m, orig) {
				t.Errorf("%s %s: MarkDemo changed the queued message", loc, kind)
			}
		}
	}
}
