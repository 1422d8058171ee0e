package admin

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"
	"unicode/utf8"

	"sabershop/internal/backoffice"
)

// SocketName is the daemon's command socket in the data directory.
const SocketName = "orderd.sock"

// runRequest and runAnswer are the socket's protocol: HTTP over the Unix
// socket, one command per request.
type runRequest struct {
	Args []string `json:"args"`
}

type runAnswer struct {
	Output string `json:"output"`
	// Binary is output that is not UTF-8 text (orderd invoices pdf): a
	// JSON string would replace its bytes, base64 keeps them.
	Binary []byte `json:"binary,omitempty"`
	Error  string `json:"error,omitempty"`
	Usage  bool   `json:"usage,omitempty"`
}

// Listen opens the owner-only socket in dir: the directory is the
// owner's (0700) and the socket 0600, so only the owner's account (and
// root) can run commands. A stale socket from a killed daemon is removed.
func Listen(dir string) (net.Listener, error) {
	path := filepath.Join(dir, SocketName)
	if conn, err := net.DialTimeout("unix", path, 200*time.Millisecond); err == nil {
		conn.Close()
		return nil, fmt.Errorf("%s: another daemon answers on it", path)
	}
	_ = os.Remove(path)
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(path, 0o600); err != nil {
		ln.Close()
		return nil, err
	}
	return ln, nil
}

// Serve answers commands on ln until ctx is done.
func Serve(ctx context.Context, ln net.Listener, office backoffice.Office) error {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /run", func(w http.ResponseWriter, r *http.Request) {
		var req runRequest
		if err := json.NewDecoder(io.LimitReader(r.Body, 64<<10)).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		var out bytes.Buffer
		err := Run(r.Context(), office, req.Args, &out)
		ans := runAnswer{Output: out.String()}
		if !utf8.Valid(out.Bytes()) {
			ans.Output, ans.Binary = "", out.Bytes()
		}
		if err != nil {
			ans.Error = err.Error()
			var u *UsageError
			ans.Usage = errors.As(err, &u)
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(ans)
	})
	mux.HandleFunc("GET /backup", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		if _, err := office.DB.Backup(w); err != nil {
			// Headers are gone; a short body makes the client fail.
			panic(http.ErrAbortHandler)
		}
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// Client talks to a running daemon.
type Client struct {
	http *http.Client
}

// ErrNoDaemon is returned when no daemon answers on the data directory's
// socket (the caller then opens the data file itself).
var ErrNoDaemon = errors.New("no daemon is running on this data directory")

// Dial connects to the daemon of data directory dir.
func Dial(dir string) (*Client, error) {
	path := filepath.Join(dir, SocketName)
	conn, err := net.DialTimeout("unix", path, time.Second)
	if err != nil {
		return nil, ErrNoDaemon
	}
	conn.Close()
	tr := &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", path)
	}}
	return &Client{http: &http.Client{Transport: tr}}, nil
}

// Run runs a command in the daemon, writing its output to out.
func (c *Client) Run(args []string, out io.Writer) error {
	body, _ := json.Marshal(runRequest{Args: args})
	res, err := c.http.Post("http://orderd/run", "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(res.Body)
		return fmt.Errorf("daemon: %s: %s", res.Status, bytes.TrimSpace(msg))
	}
	var ans runAnswer
	if err := json.NewDecoder(res.Body).Decode(&ans); err != nil {
		return fmt.Errorf("daemon: %w", err)
	}
	if _, err := io.WriteString(out, ans.Output); err != nil {
		return err
	}
	if _, err := out.Write(ans.Binary); err != nil {
		return err
	}
	switch {
	case ans.Usage:
		return &UsageError{Msg: ans.Error}
	case ans.Error != "":
		return errors.New(ans.Error)
	}
	return nil
}

// Backup copies the daemon's data file to w.
func (c *Client) Backup(w io.Writer) (int64, error) {
	res, err := c.http.Get("http://orderd/backup")
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("daemon: %s", res.Status)
	}
	return io.Copy(w, res.Body)
}

// WriteBackup writes a backup to file atomically (a temporary file in the
// same directory, renamed when complete), so a failed copy never leaves a
// truncated backup under the name.
func WriteBackup(file string, copyTo func(io.Writer) (int64, error)) (int64, error) {
	tmp, err := os.CreateTemp(filepath.Dir(file), ".orderd-backup-*")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name())
	n, err := copyTo(tmp)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, err
	}
	if err := os.Chmod(tmp.Name(), 0o600); err != nil {
		return 0, err
	}
	return n, os.Rename(tmp.Name(), file)
}
