package site

import (
	"bytes"
	"encoding/json"
	"testing"
)

// appendLD writes what json.Marshal writes, for structured data and for
// the strings a stranger or an editor could put in it.
func TestAppendLDWritesWhatEncodingJSONWrites(t *testing.T) {
	tricky := []string{"", "plain", `"quoted" \ back`, "</script><!--", "a & b > c", "tab\there\nline\r\b\f\x00\x1f\x7f",
		"zażółć gęślą jaźń", "\u2028\u2029", "bad \xff\xfe utf-8", "emoji 🗡️", "\u202eRTL"}
	var values []any
	for _, s := range tricky {
		values = append(values, s, ld{s: s, "n": 3, "list": []string{s, s}})
	}
	values = append(values,
		ld{"@type": "Product", "offers": ld{"shippingDetails": []ld{{"value": "12.00", "minValue": 0, "maxValue": 14}}}, "ok": true, "none": nil},
		[]any{ld{"a": 1}, "x", 2, false}, []ld(nil), []string(nil), ld(nil), []any(nil), 1.5, map[string]int{"b": 2, "a": 1})
	for _, v := range values {
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got, err := appendLD(nil, v)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%#v:\n got %s\nwant %s", v, got, want)
		}
	}
}

func FuzzAppendJSONString(f *testing.F) {
	f.Add("</script>\u2028\xff")
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	})
}
