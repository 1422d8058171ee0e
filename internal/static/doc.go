// Package static is the order daemon's handler for the built site (public/).
//
// It serves only what a walk of the site found when it was (re)loaded: the
// walk skips dotfiles, special files and symlinks that leave the root, and
// every file is opened through an [os.Root], so no request path can reach
// outside the site however it is spelled. Per file it keeps in memory what a
// response needs (type, cache policy, ETags, the precompressed .br/.gz
// siblings worth sending), so a request costs a map lookup and an open.
//
// URLs are the build's: pages are directories with an index.html, linked
// without a trailing slash (/shop/arc), except the site and locale roots
// (/, /pl/, /de/); the other spelling is redirected. /status/{hash} under
// every locale answers that locale's status shell; unknown paths answer the
// locale's 404.html with status 404.
//
// The Content-Security-Policy is computed from the site at load: it lists the
// hashes of the inline scripts and styles the pages contain, the origins of
// their images, and the tag manager only when a page configures one.
//
// The build replaces public/ atomically (renameat2 RENAME_EXCHANGE), so the
// root path stays while its directory changes. The handler notices that by
// re-statting the root at most every [Options.CheckEvery], and the daemon may
// call [Handler.Reload] from its own file watcher as well.
package static
