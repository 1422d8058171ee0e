package main

import (
	"slices"
	"testing"
)

func TestHoistGlobalFlags(t *testing.T) {
	cases := []struct{ in, want []string }{
		{[]string{"orders", "list", "-data", "/srv/var"}, []string{"-data", "/srv/var", "orders", "list"}},
		{[]string{"orders", "send", "12", "--tracking", "T", "--data=/x"}, []string{"--data=/x", "orders", "send", "12", "--tracking", "T"}},
		{[]string{"-data", "d", "shop", "pause"}, []string{"-data", "d", "shop", "pause"}},
		{[]string{"orders", "show", "--", "-data"}, []string{"orders", "show", "--", "-data"}},
		{[]string{"coupons", "add", "X", "--percent", "10", "-site", "s"}, []string{"-site", "s", "coupons", "add", "X", "--percent", "10"}},
	}
	for _, c := range cases {
		if got := hoistGlobalFlags(c.in); !slices.Equal(got, c.want) {
			t.Errorf("hoistGlobalFlags(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
