package content

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// withLegal is a content folder whose config.toml is the real one with
// its [legal] table replaced by table ("" removes it).
func withLegal(t *testing.T, table string) string {
	dir := t.TempDir()
	b, err := os.ReadFile("../../content/config.toml")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	start := strings.Index(src, "[legal]")
	if start < 0 {
		t.Fatal("config.toml: no [legal]")
	}
	end := start + strings.Index(src[start:], "\n\n")
	if end < start {
		end = len(src)
	}
	write(t, dir, "config.toml", src[:start]+table+"\n"+src[end:])
	return dir
}

// [legal] creator_returnable: the shop's file says false; missing, it is
// false (designs excluded, as before the setting); true is read; a value
// that is not a boolean, or a misspelt key, is a file:line: field: problem.
func TestLegalSettings(t *testing.T) {
	c, err := loadConfig("../../content")
	if err != nil || c.Legal.CreatorReturnable {
		t.Errorf("the shop's config: %+v %v, want creator_returnable false", c.Legal, err)
	}
	c, err = loadConfig(withLegal(t, ""))
	if err != nil || c.Legal.CreatorReturnable {
		t.Errorf("no [legal]: %+v %v, want creator_returnable false", c.Legal, err)
	}
	c, err = loadConfig(withLegal(t, "[legal]\ncreator_returnable = true"))
	if err != nil || !c.Legal.CreatorReturnable {
		t.Errorf("true: %+v %v", c.Legal, err)
	}
	dir := withLegal(t, "[legal]\n# a comment\ncreator_returnable = \"yes\"")
	b, _ := os.ReadFile(dir + "/config.toml")
	line := 0
	for i, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "creator_returnable") {
			line = i + 1
		}
	}
	_, err = loadConfig(dir)
	want := "config.toml:" + strconv.Itoa(line) + ": legal.creator_returnable: must be true or false, got"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a string: %v, want %q", err, want)
	}
	_, err = loadConfig(withLegal(t, "[legal]\ncreator_returnabel = true"))
	if err == nil || !strings.Contains(err.Error(), "creator_returnabel") {
		t.Errorf("a misspelt key: %v", err)
	}
}
