package site

// ContractTypes are the page data's root types by the name tools/tsgen
// gives them in components/generated/pagedata.ts (docs/contract.md); the
// types they reach are named after their Go names.
func ContractTypes() map[string]any {
	return map[string]any{
		"RenderRequest": renderRequest{},
		"Site":          siteData{},
		"Page":          pageData{},
		"PageData":      templateData{},
	}
}
