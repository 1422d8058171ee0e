// Package deploy holds the files docs/deploy.md installs on a server (the
// systemd units, the Caddyfile) and, in its tests, checks them the way the
// server will run them: systemd-analyze verify on the units, caddy
// validate on the Caddyfile, and the shop placed and paid over HTTPS with
// Caddy (its internal CA) in front of the real orderd binary.
package deploy
