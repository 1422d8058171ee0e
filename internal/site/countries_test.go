package site

import (
	"slices"
	"testing"
)

// The basket's countries come in each locale's alphabetical order, not in
// code-point order (which puts Ł and Ö after Z).
func TestSortCountriesByTheLocalesAlphabet(t *testing.T) {
	names := func(cs []country) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Name)
		}
		return out
	}
	pl := []country{{Name: "Łotwa"}, {Name: "Niemcy"}, {Name: "Luksemburg"}, {Name: "Litwa"}, {Name: "Austria"}}
	sortCountries(pl, "pl")
	if got, want := names(pl), []string{"Austria", "Litwa", "Luksemburg", "Łotwa", "Niemcy"}; !slices.Equal(got, want) {
		t.Errorf("pl: %q, want %q", got, want)
	}
	de := []country{{Name: "Polen"}, {Name: "Österreich"}, {Name: "Niederlande"}}
	sortCountries(de, "de")
	if got, want := names(de), []string{"Niederlande", "Österreich", "Polen"}; !slices.Equal(got, want) {
		t.Errorf("de: %q, want %q", got, want)
	}
}
