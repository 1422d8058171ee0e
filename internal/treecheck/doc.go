// Package treecheck holds only tests over the source tree, for facts no
// compiler checks:
//
//   - pointers into docs/ are true: comments cite the product rules by
//     anchor (docs/product-rules.md#waste-fee), and a renamed heading would
//     leave a comment pointing nowhere; a citation of a document that is not
//     in the repository would send the reader nowhere at all;
//   - every package a script, test or component imports is declared in
//     package.json, not merely installed because something else needs it;
//   - no code outside internal/orders and internal/store writes an order
//     through the store: every change to an order is internal/orders'.
package treecheck
