package mail

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPreview writes every message to MAIL_PREVIEW (a folder) for a look
// in a browser and a text editor; it does nothing without it.
func TestPreview(t *testing.T) {
	dir := os.Getenv("MAIL_PREVIEW")
	if dir == "" {
		t.Skip("set MAIL_PREVIEW=dir to write previews")
	}
	for _, loc := range Locales() {
		msgs, err := allKinds(loc)
		if err != nil {
			t.Fatal(err)
		}
		for kind, m := range msgs {
			base := filepath.Join(dir, loc+"-"+kind)
			os.WriteFile(base+".html", []byte(m.HTML), 0o644)
			os.WriteFile(base+".txt", []byte("Subject: "+m.Subject+"\nTo: "+m.To+"\nReply-To: "+m.ReplyTo+"\n\n"+m.Text), 0o644)
		}
	}
}
