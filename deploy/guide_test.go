package deploy

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/emersion/go-msgauth/dkim"

	"sabershop/internal/mail/mailtest"
	"sabershop/internal/order/ordertest"
	"sabershop/internal/testutil"
)

// shopper is the sample order's customer.
var shopper = ordertest.Customer().Email

// TestGuideOnLoopback does docs/deploy.md's steps, in its order, on this
// machine: a folder stands in for the VPS's file system, Caddy's internal
// CA for Let's Encrypt, an in-process SMTP server for the mail provider,
// the sandbox in -demo mode for the payment providers' keys, and a local
// shell for ssh. Every command it runs is taken from the guide or from
// the files the guide installs (the unit's ExecStart, the backup unit's,
// the env file's heredoc); the test fails when the guide stops saying it.
// It ends, as the guide does, with an HTTPS shop that took and was paid
// for an order, a second build published and rolled back, and a backup
// restored.
func TestGuideOnLoopback(t *testing.T) {
	tool(t, "rsync", "rsync")
	tool(t, "make", "make")
	build(t) // the site, as `make build` makes it (the same builder)
	g := readGuide(t)
	vps := newMachine(t)

	// 1. The machine: the folders, with the guide's modes (the data
	// directory is systemd's StateDirectory, mode 0700).
	for _, line := range g.block(t, "## 1. The machine") {
		if strings.HasPrefix(line, "install -d ") {
			vps.installDirs(t, line)
		}
	}
	vps.mkdir(t, "/var/lib/orderd", 0o700)

	// 2. The daemon, built as the guide builds it, copied to the server.
	goBuild := g.line(t, "CGO_ENABLED=0 go build")
	args := strings.Fields(goBuild)[1:] // after CGO_ENABLED=0
	for i := range args {
		if args[i] == "-o" {
			args[i+1] = vps.path("/usr/local/bin/orderd")
		}
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir, cmd.Env = "..", append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", goBuild, err, out)
	}
	g.says(t, "./orderd version")
	if out := vps.run(t, nil, "orderd", "version"); !strings.Contains(out, "orderd") {
		t.Errorf("orderd version: %q", out)
	}

	// The site as the first release: `make publish HOST=…`.
	editor := newEditor(t, sitePath)
	g.says(t, "make publish HOST=root@shop.example.com")
	vps.make(t, editor, "publish")

	// 3. Settings: the guide's env file, with the loopback stand-ins for
	// the domain, the mail provider and the payment providers' keys.
	smtp := mailtest.Start(t, mailtest.Options{})
	host, port := smtp.HostPort()
	orderdPort := freePort(t)
	front := startCaddy(t, orderdPort) // 5. Caddy in front (its CA is needed before orderd starts)
	env := g.envFile(t)
	for k, v := range map[string]string{
		"ORDERD_BASE_URL":  front.base,
		"ORDERD_SMTP_HOST": host, "ORDERD_SMTP_PORT": strconv.Itoa(port), "ORDERD_SMTP_TLS": "none",
		"ORDERD_SMTP_USER": "", "ORDERD_SMTP_PASSWORD": "",
		"ORDERD_PAYMENTS": "sandbox", "ORDERD_DEMO": "1", "ORDERD_SANDBOX_DELAY": "100ms",
	} {
		env[k] = v
	}
	g.says(t, "ORDERD_PAYMENTS=sandbox")
	g.says(t, "ORDERD_DEMO=1")
	for k := range env {
		if strings.HasPrefix(k, "ORDERD_TPAY_") || strings.HasPrefix(k, "ORDERD_PAYPAL_") {
			delete(env, k)
		}
	}
	vps.writeEnv(t, env)

	// 4. The daemon under systemd: the unit's ExecStart, its environment
	// file, its notify protocol and its stop signal.
	unit := unitLines(t, "orderd.service")
	if unit["Type"][0] != "notify" || unit["KillSignal"][0] != "SIGTERM" || unit["EnvironmentFile"][0] != "/etc/orderd/orderd.env" {
		t.Fatalf("orderd.service: %v", unit)
	}
	svc := vps.service(t, unit["ExecStart"][0], map[string]string{
		"127.0.0.1:8080": fmt.Sprintf("127.0.0.1:%d", orderdPort),
		"127.0.0.1:9464": fmt.Sprintf("127.0.0.1:%d", freePort(t)),
	}, front.rootCert)
	svc.start(t)
	up := func() bool { return front.caddy.exited() || svc.exited() }

	// 6. DNS: the DKIM key and its record, then a restart signs.
	g.says(t, "orderd -data /var/lib/orderd dkim")
	out := vps.run(t, []string{"ORDERD_MAIL_FROM=" + env["ORDERD_MAIL_FROM"]}, "orderd", "-data", "/var/lib/orderd", "dkim")
	record := regexp.MustCompile(`(\S+\._domainkey\.\S+)\. TXT "([^"]+)"`).FindStringSubmatch(out)
	if record == nil || !strings.HasPrefix(record[1], "shop._domainkey.shop.example.com") {
		t.Fatalf("orderd dkim printed no record for shop.example.com:\n%s", out)
	}
	svc.stop(t)
	svc.start(t)
	if !strings.Contains(svc.log(), "e-mail is DKIM-signed") {
		t.Errorf("after the restart the log does not say it signs:\n%s", svc.log())
	}

	// 7. Check it: the probes through Caddy.
	front.waitReady(t, up)
	if res, body, err := front.get(front.base + "/healthz"); err != nil || res.StatusCode != 200 || !strings.Contains(body, `"up"`) {
		t.Fatalf("/healthz: %v %q %v", res, body, err)
	}

	// The first order, paid; the shopper's and the owner's e-mails arrive
	// over SMTP, signed; `orderd orders list` shows it paid.
	hash := front.placeAndPay(t, up, "guide-1")
	owner := env["ORDERD_OWNER_EMAIL"]
	want := [][2]string{ // recipient, part of a subject it must get (the shop is Polish, so is the owner)
		{shopper, "Zamówienie #1"}, {shopper, "płatność"},
		{owner, "Nowe zamówienie #1"}, {owner, "Opłacone: zamówienie #1"},
	}
	msgs := waitMail(t, smtp, up, len(want))
	for _, w := range want {
		if !received(t, msgs, w[0], w[1]) {
			t.Errorf("no e-mail to %s with %q in its subject", w[0], w[1])
		}
	}
	lookup := func(d string) ([]string, error) {
		if d == record[1] {
			return []string{record[2]}, nil
		}
		return nil, errors.New("no record " + d)
	}
	for _, m := range msgs {
		vs, err := dkim.VerifyWithOptions(bytes.NewReader(m.Data), &dkim.VerifyOptions{LookupTXT: lookup})
		if err != nil || len(vs) != 1 || vs[0].Err != nil {
			t.Errorf("DKIM of a message to %v: %v %+v", m.To, err, vs)
		}
	}
	g.says(t, "orderd -data /var/lib/orderd orders list")
	if list := vps.run(t, nil, "orderd", "-data", "/var/lib/orderd", "orders", "list"); !strings.Contains(list, "paid") {
		t.Errorf("orders list:\n%s", list)
	}

	// Publishing a new build, and taking it back.
	editor.change(t, "robots.txt", "# release two\n")
	vps.make(t, editor, "publish")
	waitBody(t, front, up, "/robots.txt", "# release two", true)
	g.says(t, "make rollback HOST=root@shop.example.com")
	vps.make(t, editor, "rollback")
	waitBody(t, front, up, "/robots.txt", "# release two", false)

	// 8. Backups: the backup unit's command through the serving daemon,
	// then an order the backup does not hold, then the guide's restore.
	backup := unitLines(t, "orderd-backup.service")["ExecStart"][0]
	vps.run(t, nil, strings.Fields(backup)...)
	files, _ := filepath.Glob(vps.path("/var/backups/orderd/orderd-*.db"))
	if len(files) != 1 {
		t.Fatalf("backups: %v", files)
	}
	later := front.place(t, "guide-2")
	g.says(t, "systemctl stop orderd")
	svc.stop(t)
	restore := g.line(t, "restore /var/backups/orderd/")
	restoreArgs := strings.Fields(strings.TrimPrefix(restore, "sudo -u orderd ")) // as the daemon's user on the VPS
	restoreArgs[len(restoreArgs)-1] = strings.TrimPrefix(files[0], vps.root)
	vps.run(t, nil, restoreArgs...)
	g.says(t, "systemctl start orderd")
	svc.start(t)
	front.waitReady(t, up)
	front.waitStatus(t, up, hash, "paid")
	if res, _, err := front.get(front.base + "/v1/orders/" + later + "?locale=pl"); err != nil || res.StatusCode != 404 {
		t.Errorf("the order placed after the backup: %v %v", res, err)
	}
}

// guide is docs/deploy.md.
type guide struct{ text string }

func readGuide(t *testing.T) guide {
	t.Helper()
	b, err := os.ReadFile("../docs/deploy.md")
	if err != nil {
		t.Fatal(err)
	}
	return guide{string(b)}
}

// says fails the test unless the guide has s verbatim.
func (g guide) says(t *testing.T, s string) {
	t.Helper()
	if !strings.Contains(g.text, s) {
		t.Fatalf("docs/deploy.md no longer says %q", s)
	}
}

// line is the guide's first line containing s, without a trailing
// comment.
func (g guide) line(t *testing.T, s string) string {
	t.Helper()
	for _, l := range strings.Split(g.text, "\n") {
		if strings.Contains(l, s) {
			l, _, _ = strings.Cut(l, " #")
			return strings.TrimSpace(l)
		}
	}
	t.Fatalf("docs/deploy.md has no line with %q", s)
	return ""
}

// block is the lines of the first ```sh block after heading.
func (g guide) block(t *testing.T, heading string) []string {
	t.Helper()
	_, rest, ok := strings.Cut(g.text, heading+"\n")
	if !ok {
		t.Fatalf("docs/deploy.md has no %q", heading)
	}
	_, rest, ok = strings.Cut(rest, "```sh\n")
	body, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatalf("docs/deploy.md: no sh block under %q", heading)
	}
	return strings.Split(strings.TrimSpace(body), "\n")
}

// envFile is the KEY=VALUE lines of the guide's orderd.env heredoc.
func (g guide) envFile(t *testing.T) map[string]string {
	t.Helper()
	_, rest, ok := strings.Cut(g.text, "cat > /etc/orderd/orderd.env <<'EOF'\n")
	body, _, ok2 := strings.Cut(rest, "\nEOF\n")
	if !ok || !ok2 {
		t.Fatal("docs/deploy.md has no orderd.env heredoc")
	}
	env := map[string]string{}
	for _, l := range strings.Split(body, "\n") {
		if k, v, ok := strings.Cut(l, "="); ok && !strings.HasPrefix(l, "#") {
			env[k] = v
		}
	}
	if env["ORDERD_OWNER_EMAIL"] == "" || env["ORDERD_OWNER_LOCALE"] != "pl" || env["ORDERD_MAIL_FROM"] == "" {
		t.Fatalf("the guide's orderd.env: %v", env)
	}
	return env
}

// machine is the VPS's file system under a folder: every absolute path
// the guide names lives under root. The folder is short: the daemon's
// command socket lives in the data directory, and a socket path may not
// exceed 108 bytes.
type machine struct {
	root string
	bin  string // root/usr/local/bin, first on PATH
}

func newMachine(t *testing.T) *machine {
	t.Helper()
	root, err := os.MkdirTemp("", "vps")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	m := &machine{root: root, bin: filepath.Join(root, "usr", "local", "bin")}
	m.mkdir(t, "/usr/local/bin", 0o755)
	return m
}

func (m *machine) path(p string) string { return filepath.Join(m.root, p) }

func (m *machine) mkdir(t *testing.T, p string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(m.path(p), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(m.path(p), mode); err != nil {
		t.Fatal(err)
	}
}

// installDirs does an `install -d [-o U] [-g G] [-m MODE] DIR...` line;
// the owners are the guide's business on a real VPS (the test does not
// run as root).
func (m *machine) installDirs(t *testing.T, line string) {
	t.Helper()
	f := strings.Fields(line)[2:]
	mode := os.FileMode(0o755)
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case "-o", "-g":
			i++
		case "-m":
			v, err := strconv.ParseUint(f[i+1], 8, 32)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			mode, i = os.FileMode(v), i+1
		default:
			m.mkdir(t, f[i], mode)
		}
	}
}

// rewrite moves the absolute paths in args under root.
func (m *machine) rewrite(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		for _, p := range []string{"/usr/local/bin/", "/srv/saber", "/var/lib/orderd", "/var/backups/orderd", "/etc/orderd"} {
			if strings.HasPrefix(a, p) {
				out[i] = m.path(a)
			}
		}
	}
	return out
}

// env is this process's environment with the machine's bin first on PATH.
func (m *machine) env(extra []string) []string {
	return append(append(os.Environ(), "PATH="+m.bin+":"+os.Getenv("PATH")), extra...)
}

// run runs a command as the guide writes it (paths rewritten) and returns
// its output; a failure fails the test.
func (m *machine) run(t *testing.T, env []string, args ...string) string {
	t.Helper()
	args = m.rewrite(args)
	name := args[0]
	if !strings.Contains(name, "/") {
		name = filepath.Join(m.bin, name)
		if _, err := os.Stat(name); err != nil {
			name = args[0]
		}
	}
	cmd := exec.Command(name, args[1:]...)
	cmd.Env = m.env(env)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (m *machine) writeEnv(t *testing.T, env map[string]string) {
	t.Helper()
	var b strings.Builder
	for k, v := range env {
		fmt.Fprintf(&b, "%s=%s\n", k, v)
	}
	if err := os.WriteFile(m.path("/etc/orderd/orderd.env"), []byte(b.String()), 0o640); err != nil {
		t.Fatal(err)
	}
}

// make runs the repository's Makefile target (publish or rollback) as the
// guide does, with HOST=root@shop.example.com; ssh is a local shell here
// (rsync reaches the "server" through it, as it does through real ssh),
// and ROOT is the machine's /srv/saber. The site is the editor's public/
// and is not built again (make -o build).
func (m *machine) make(t *testing.T, e *editor, target string) {
	t.Helper()
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("make", "--no-print-directory", "-f", filepath.Join(repo, "Makefile"), "-o", "build", target,
		"HOST=root@shop.example.com", "ROOT="+m.path("/srv/saber"))
	cmd.Dir = e.dir
	cmd.Env = append(m.env(nil), "PATH="+e.fakeBin+":"+m.bin+":"+os.Getenv("PATH"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make %s: %v\n%s", target, err, out)
	}
}

// editor is the machine the site is built on: a folder with public/ and
// a bin/ where ssh runs the command on this machine.
type editor struct {
	dir, fakeBin string
}

func newEditor(t *testing.T, site string) *editor {
	t.Helper()
	e := &editor{dir: t.TempDir()}
	e.fakeBin = filepath.Join(e.dir, "bin")
	if err := os.MkdirAll(e.fakeBin, 0o755); err != nil {
		t.Fatal(err)
	}
	// ssh [options] HOST COMMAND...: the command, here. rsync calls it
	// with "-l user" or a user@host and then "rsync --server ...".
	ssh := "#!/bin/sh\nwhile [ $# -gt 0 ]; do case \"$1\" in -l|-p|-o) shift 2;; -*) shift;; *) shift; break;; esac; done\nexec sh -c \"$*\"\n"
	if err := os.WriteFile(filepath.Join(e.fakeBin, "ssh"), []byte(ssh), 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("cp", "-a", site, filepath.Join(e.dir, "public")).CombinedOutput(); err != nil {
		t.Fatalf("copying the site: %v\n%s", err, out)
	}
	return e
}

// change appends text to a file of the editor's public/: a new build.
func (e *editor) change(t *testing.T, file, text string) {
	t.Helper()
	p := filepath.Join(e.dir, "public", file)
	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

// service runs a unit's ExecStart as systemd would: the environment file,
// a notify socket (READY, WATCHDOG, STOPPING), SIGTERM to stop.
type service struct {
	m       *machine
	args    []string
	env     []string
	notify  string
	logBuf  *syncBuffer
	cur     *running
	readyCh chan string
}

func (m *machine) service(t *testing.T, execStart string, swap map[string]string, caRoot string) *service {
	t.Helper()
	args := strings.Fields(execStart)
	for i := range args {
		if v, ok := swap[args[i]]; ok {
			args[i] = v
		}
	}
	s := &service{m: m, args: m.rewrite(args), logBuf: &syncBuffer{}, readyCh: make(chan string, 64)}
	s.notify = filepath.Join(m.root, "notify.sock")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: s.notify, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := conn.Read(buf)
			if err != nil {
				return
			}
			for _, l := range strings.Split(string(buf[:n]), "\n") {
				if l == "READY=1" || l == "STOPPING=1" { // not the watchdog's pings
					s.readyCh <- l
				}
			}
		}
	}()
	b, err := os.ReadFile(m.path("/etc/orderd/orderd.env"))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			s.env = append(s.env, l)
		}
	}
	// Outside systemd the daemon trusts the system's CAs; Caddy's
	// internal one stands in for the public CAs here.
	s.env = append(s.env, "NOTIFY_SOCKET="+s.notify, "WATCHDOG_USEC=30000000", "SSL_CERT_FILE="+caRoot,
		"PATH="+m.bin+":"+os.Getenv("PATH"), "HOME="+m.root)
	return s
}

func (s *service) exited() bool { return s.cur == nil || s.cur.exited() }

func (s *service) log() string { return s.logBuf.String() }

// start starts the daemon and waits for its READY=1, as Type=notify does.
func (s *service) start(t *testing.T) {
	t.Helper()
	r := &running{cmd: exec.Command(s.args[0], s.args[1:]...), done: make(chan struct{})}
	r.cmd.Env, r.cmd.Stdout, r.cmd.Stderr = s.env, s.logBuf, s.logBuf
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = r.cmd.Wait(); close(r.done) }()
	s.cur = r
	t.Cleanup(func() {
		if !r.exited() {
			_ = r.cmd.Process.Signal(syscall.SIGTERM)
			<-r.done
		}
		if t.Failed() {
			t.Logf("orderd log:\n%s", s.log())
		}
	})
	for {
		select {
		case msg := <-s.readyCh:
			if msg == "READY=1" {
				return
			}
		case <-r.done:
			t.Fatalf("orderd exited before READY=1:\n%s", s.log())
		}
	}
}

// stop sends SIGTERM (KillSignal) and waits for STOPPING=1 and a clean
// exit.
func (s *service) stop(t *testing.T) {
	t.Helper()
	r := s.cur
	if err := r.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	stopping := false
	for !stopping {
		select {
		case msg := <-s.readyCh:
			stopping = msg == "STOPPING=1"
		case <-r.done:
			t.Fatalf("orderd exited without STOPPING=1:\n%s", s.log())
		}
	}
	<-r.done
	if code := r.cmd.ProcessState.ExitCode(); code != 0 {
		t.Fatalf("orderd stopped with status %d:\n%s", code, s.log())
	}
}

// waitMail waits until the SMTP server has n messages.
func waitMail(t *testing.T, srv *mailtest.Server, exited func() bool, n int) []mailtest.Envelope {
	t.Helper()
	until(t, fmt.Sprintf("%d e-mails", n), exited, func() error {
		if got := len(srv.Received()); got < n {
			return fmt.Errorf("%d e-mails so far", got)
		}
		return nil
	})
	return srv.Received()
}

// received tells whether a message to rcpt has subject in its Subject.
func received(t *testing.T, msgs []mailtest.Envelope, rcpt, subject string) bool {
	t.Helper()
	for _, m := range msgs {
		p := mailtest.Parse(t, m.Data)
		for _, to := range m.To {
			if to == rcpt && strings.Contains(p.Subject, subject) {
				return true
			}
		}
	}
	return false
}

// waitBody waits until path's body contains s (or no longer does).
func waitBody(t *testing.T, f *front, exited func() bool, path, s string, present bool) {
	t.Helper()
	until(t, fmt.Sprintf("%s with %q: %v", path, s, present), exited, func() error {
		_, body, err := f.get(f.base + path)
		if err == nil && strings.Contains(body, s) != present {
			err = errors.New("not yet")
		}
		return err
	})
}

// syncBuffer collects log output written from several goroutines.
type syncBuffer = testutil.SyncBuffer
