package daemon_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"sabershop/internal/daemon"
	"sabershop/internal/fastlane"
)

// laneSite is fixtureSite with what a build writes besides: pages with
// compressed siblings, hashed assets, pictures, feeds, a file too large
// to keep in memory, and a renamed page.
func laneSite(t *testing.T) string {
	t.Helper()
	dir := fixtureSite(t)
	write := func(name string, body []byte) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	compressed := func(name string, body []byte) {
		write(name, body)
		var gz, br bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write(body)
		zw.Close()
		bw := brotli.NewWriter(&br)
		bw.Write(body)
		bw.Close()
		write(name+".gz", gz.Bytes())
		write(name+".br", br.Bytes())
	}
	page := []byte("<!doctype html><title>arc</title><p>" + strings.Repeat("An arc hilt. ", 200) + "</p>")
	compressed("shop/arc/index.html", page)
	compressed("pl/shop/arc/index.html", page)
	compressed("assets/loader-ABCD1234.js", []byte(strings.Repeat("export const x = 1;\n", 300)))
	compressed("assets/site-EFGH5678.css", []byte(strings.Repeat("body{color:red}\n", 300)))
	compressed("blog/atom.xml", []byte(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>`))
	compressed("sitemap.xml", []byte(`<?xml version="1.0"?><urlset></urlset>`))
	write("images/part.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`))
	write("_img/photo-960-IJKL9012.avif", bytes.Repeat([]byte{0xa5}, 6000))
	write("robots.txt", []byte("User-agent: *\n"))
	write("downloads/big.pdf", bytes.Repeat([]byte("%PDF"), 300_000)) // past the memory limit: from disk
	write("_redirects", []byte("/shop/old-arc /shop/arc/\n"))
	return dir
}

// exchange sends raw on conn and reads one answer.
func exchange(t *testing.T, br *bufio.Reader, conn net.Conn, raw string) (*http.Response, []byte) {
	t.Helper()
	if _, err := io.WriteString(conn, raw); err != nil {
		t.Fatal(err)
	}
	method := strings.SplitN(raw, " ", 2)[0]
	res, err := http.ReadResponse(br, &http.Request{Method: method})
	if err != nil {
		t.Fatalf("%q: %v", raw, err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		t.Fatalf("%q: body: %v", raw, err)
	}
	return res, body
}

// TestFastLaneAnswersAsNetHTTP sends every request twice: on a new
// connection, which starts in the fast lane, and on a connection net/http
// already has (its first request was the probe's, which the lane does not
// take). Status, headers but Date and body must be the same, for every
// file of the site, every way of asking for it, and the requests the lane
// must leave to net/http; and the lane must have answered the plain ones.
func TestFastLaneAnswersAsNetHTTP(t *testing.T) {
	dir := laneSite(t)
	var lane *fastlane.Listener
	r := startRun(t, daemon.Config{Site: dir, Data: shortDir(t), FastLane: func(l *fastlane.Listener) { lane = l }})
	addr := strings.TrimPrefix(r.base, "http://")

	var paths []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".gz") {
			return err
		}
		rel := "/" + filepath.ToSlash(strings.TrimPrefix(p, dir+string(filepath.Separator)))
		paths = append(paths, rel)
		if strings.HasSuffix(rel, "/index.html") {
			paths = append(paths, strings.TrimSuffix(rel, "index.html"))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(paths)

	netHTTP, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer netHTTP.Close()
	viaNet := bufio.NewReader(netHTTP)
	if res, _ := exchange(t, viaNet, netHTTP, "GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n"); res.StatusCode != 200 {
		t.Fatalf("/healthz: %d", res.StatusCode)
	}

	compare := func(raw string) (laneAnswered bool) {
		t.Helper()
		before := lane.Answered()
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		a, aBody := exchange(t, bufio.NewReader(conn), conn, raw)
		laneAnswered = lane.Answered() > before
		b, bBody := exchange(t, viaNet, netHTTP, strings.Replace(raw, "Connection: close\r\n", "", 1))
		if a.StatusCode != b.StatusCode {
			t.Errorf("%q: status %d, net/http %d", raw, a.StatusCode, b.StatusCode)
		}
		a.Header.Del("Date")
		b.Header.Del("Date")
		// ReadResponse takes "Connection: close" out of the header into Close.
		if strings.Contains(raw, "Connection: close") && !a.Close {
			t.Errorf("%q: no Connection: close in the answer", raw)
		}
		if fmt.Sprint(a.Header) != fmt.Sprint(b.Header) {
			t.Errorf("%q:\n headers %v\n net/http %v", raw, a.Header, b.Header)
		}
		if !bytes.Equal(aBody, bBody) {
			t.Errorf("%q: body of %d bytes, net/http %d", raw, len(aBody), len(bBody))
		}
		return laneAnswered
	}

	for _, p := range paths {
		plain := []string{
			"GET " + p + " HTTP/1.1\r\nHost: shop\r\n\r\n",
			"GET " + p + " HTTP/1.1\r\nHost: shop\r\nAccept-Encoding: br, gzip\r\n\r\n",
			"GET " + p + " HTTP/1.1\r\nhost: shop\r\naccept-encoding: gzip, deflate\r\nUser-Agent: test\r\n\r\n",
			"GET " + p + " HTTP/1.1\r\nHost: shop\r\nAccept-Encoding: gzip;q=0, br;q=0\r\n\r\n",
			"HEAD " + p + " HTTP/1.1\r\nHost: shop\r\nAccept-Encoding: br\r\n\r\n",
			"GET " + p + "?utm_source=x HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n",
			"GET " + p + " HTTP/1.1\r\nHost: shop\r\nIf-None-Match: \"nope\"\r\n\r\n",
		}
		var lanes int
		for _, raw := range plain {
			if compare(raw) {
				lanes++
			}
		}
		// Its own tag, as a browser revalidates: 304 from both.
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		res, _ := exchange(t, bufio.NewReader(conn), conn, "GET "+p+" HTTP/1.1\r\nHost: shop\r\nAccept-Encoding: br\r\n\r\n")
		conn.Close()
		if tag := res.Header.Get("Etag"); tag != "" {
			if compare("GET " + p + " HTTP/1.1\r\nHost: shop\r\nAccept-Encoding: br\r\nIf-None-Match: W/" + tag + "\r\nIf-Modified-Since: Thu, 01 Jan 1970 00:00:00 GMT\r\n\r\n") {
				lanes++
			}
		}
		// Kept in memory and answered 200: every plain request is the lane's.
		fromMemory := res.StatusCode == 200 && !strings.HasSuffix(p, ".pdf") && !strings.Contains(p, "/status/")
		if fromMemory && lanes != len(plain)+1 {
			t.Errorf("%s: the lane answered %d of %d plain requests", p, lanes, len(plain)+1)
		}
		if !fromMemory && lanes != 0 {
			t.Errorf("%s (%d): the lane answered %d requests; want net/http's", p, res.StatusCode, lanes)
		}
	}

	// What the lane leaves to net/http, answered the same from both ends.
	for _, raw := range []string{
		"GET /shop/arc/ HTTP/1.1\r\nHost: shop\r\nRange: bytes=0-10\r\n\r\n",
		"GET /shop/arc/ HTTP/1.1\r\nHost: shop\r\nIf-Modified-Since: Thu, 01 Jan 2099 00:00:00 GMT\r\n\r\n",
		"GET /shop/arc/ HTTP/1.1\r\nHost: shop\r\nIf-Match: \"x\"\r\n\r\n",
		"GET /shop/old-arc HTTP/1.1\r\nHost: shop\r\n\r\n",
		"GET /no/such/page HTTP/1.1\r\nHost: shop\r\n\r\n",
		"GET /shop/../robots.txt HTTP/1.1\r\nHost: shop\r\n\r\n",
		"GET /robots%2etxt HTTP/1.1\r\nHost: shop\r\n\r\n",
		"GET //robots.txt HTTP/1.1\r\nHost: shop\r\n\r\n",
		"GET /.hidden HTTP/1.1\r\nHost: shop\r\n\r\n",
		"GET /v1/shop HTTP/1.1\r\nHost: shop\r\n\r\n",
		"GET /readyz HTTP/1.1\r\nHost: shop\r\n\r\n",
		"GET /admin/ HTTP/1.1\r\nHost: shop\r\n\r\n",
		"POST /robots.txt HTTP/1.1\r\nHost: shop\r\nContent-Length: 0\r\n\r\n",
		"OPTIONS /robots.txt HTTP/1.1\r\nHost: shop\r\n\r\n",
		"GET /status/abc HTTP/1.1\r\nHost: shop\r\n\r\n",
		"GET /robots.txt HTTP/1.1\r\nHost: shop\r\nX-Big: " + strings.Repeat("a", 5000) + "\r\n\r\n",
	} {
		if compare(raw) {
			t.Errorf("%q: answered by the lane; want net/http", raw[:min(len(raw), 60)])
		}
	}
}
