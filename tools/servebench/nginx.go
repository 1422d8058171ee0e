package main

import (
	"fmt"
	"net/http"
	"strings"
)

// securityHeaders are orderd's headers on every answer; nginx is given the
// same values (the CSP as orderd sends it for this build), so both servers
// send headers of about the same size.
var securityHeaders = []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy",
	"X-Frame-Options", "Cross-Origin-Opener-Policy", "Permissions-Policy"}

// nginxConf is a production configuration for a static site: one worker
// per core, sendfile with tcp_nopush, the precompressed siblings
// (gzip_static, brotli_static), an open-file cache, long keep-alive, no
// access log (orderd logs no static requests either), the pages' clean
// URLs by try_files, hashed assets immutable and everything else
// revalidated, as internal/static does.
func nginxConf(addr, site, tmp string, h http.Header, brotli bool, brotliModule string) string {
	var add strings.Builder
	for _, name := range securityHeaders {
		if v := h.Get(name); v != "" {
			fmt.Fprintf(&add, "    add_header %s %q always;\n", name, v)
		}
	}
	load, brotliOn := "", ""
	if brotli {
		load = "load_module " + brotliModule + ";\n"
		brotliOn = "  brotli_static on;\n"
	}
	return load + `worker_processes auto;
daemon off;
pid ` + tmp + `/nginx.pid;
error_log ` + tmp + `/nginx-error.log warn;
events { worker_connections 4096; }
http {
  types {
    text/html html; text/css css; text/javascript js mjs; application/json json map;
    application/manifest+json webmanifest; application/xml xml; text/plain txt;
    image/svg+xml svg; image/png png; image/jpeg jpg jpeg; image/webp webp; image/avif avif;
    image/x-icon ico; font/woff2 woff2; application/pdf pdf;
  }
  default_type application/octet-stream;
  charset utf-8;
  charset_types text/css text/javascript application/json application/manifest+json application/xml text/plain;
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 120s;
  keepalive_requests 1000000;
  server_tokens off;
  gzip_static on;
  gzip_vary on;
` + brotliOn + `  open_file_cache max=10000 inactive=60s;
  open_file_cache_valid 60s;
  open_file_cache_errors on;
  client_body_temp_path ` + tmp + `/nginx-body;
  proxy_temp_path ` + tmp + `/nginx-proxy;
  fastcgi_temp_path ` + tmp + `/nginx-fastcgi;
  uwsgi_temp_path ` + tmp + `/nginx-uwsgi;
  scgi_temp_path ` + tmp + `/nginx-scgi;
  server {
    listen ` + addr + `;
    root ` + site + `;
    location ~ "^/(assets|_img)/[^/]*-[A-Z0-9]{8,}\.[^/]*$" {
` + add.String() + `    add_header Cache-Control "public, max-age=31536000, immutable" always;
    }
    location / {
` + add.String() + `    add_header Cache-Control "no-cache" always;
      try_files $uri $uri/index.html =404;
    }
  }
}
`
}
