package site

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestPageDataKeepsTheContract holds every page of the real site to what
// components/generated/pagedata.ts promises (docs/contract.md): the
// template is one of the union's, a field the template carries is set
// where TS requires it ("!" pointers), and no list TS reads as T[] is a
// nil slice (JSON would write null).
func TestPageDataKeepsTheContract(t *testing.T) {
	_, pages := realPages(t)
	variants := strings.Fields(fieldTag(t, "Template", "tsunion"))
	for _, p := range pages {
		where := p.locale + " " + p.path
		d := reflect.ValueOf(p.req.Data)
		if !slices.Contains(variants, p.req.Data.Template) {
			t.Errorf("%s: template %q is not in the union", where, p.req.Data.Template)
			continue
		}
		for i := 0; i < d.NumField(); i++ {
			f := d.Type().Field(i)
			in, always := carries(f, p.req.Data.Template)
			if !in {
				continue
			}
			if always && d.Field(i).IsZero() {
				t.Errorf("%s: %s is not set", where, f.Name)
			}
			if f.Type.Kind() == reflect.Slice && !strings.Contains(f.Tag.Get("json"), "omitempty") && d.Field(i).IsNil() {
				t.Errorf("%s: %s is nil (JSON null, TS reads a list)", where, f.Name)
			}
			checkLists(t, where+" "+f.Name, d.Field(i))
		}
		checkLists(t, where+" site", reflect.ValueOf(p.req.Site))
		checkLists(t, where+" page", reflect.ValueOf(p.req.Page))
	}
}

// carries says whether field f is in variant (and always set there); the
// tag field itself is not checked.
func carries(f reflect.StructField, variant string) (in, always bool) {
	if f.Tag.Get("tsunion") != "" {
		return false, false
	}
	tag, ok := f.Tag.Lookup("tsin")
	if !ok {
		return true, false
	}
	for _, v := range strings.Fields(tag) {
		if strings.TrimSuffix(v, "!") == variant {
			return true, strings.HasSuffix(v, "!")
		}
	}
	return false, false
}

// checkLists finds nil slices without omitempty in v's structs.
func checkLists(t *testing.T, where string, v reflect.Value) {
	t.Helper()
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			checkLists(t, where, v.Elem())
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			checkLists(t, where, v.Index(i))
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			checkLists(t, where, v.MapIndex(k))
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			if f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() != reflect.Uint8 &&
				!strings.Contains(f.Tag.Get("json"), "omitempty") && v.Field(i).IsNil() {
				t.Errorf("%s: %s.%s is nil (JSON null, TS reads a list)", where, v.Type().Name(), f.Name)
			}
			checkLists(t, where, v.Field(i))
		}
	}
}

func fieldTag(t *testing.T, field, key string) string {
	t.Helper()
	f, ok := reflect.TypeFor[templateData]().FieldByName(field)
	if !ok {
		t.Fatalf("templateData has no %s", field)
	}
	return f.Tag.Get(key)
}
