// CSS custom properties set through the CSSOM. The site's Content Security
// Policy allows no inline style attributes (style-src 'self' + hashes), so
// a colour chosen in the browser cannot be written into the markup; setting
// it on the element from script is allowed.
import { useLayoutEffect, useRef } from "react";

export function useCssVars<T extends HTMLElement>(vars: Record<string, string>) {
  const ref = useRef<T>(null);
  const key = JSON.stringify(vars);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    for (const [name, value] of Object.entries(JSON.parse(key) as Record<string, string>)) el.style.setProperty(name, value);
  }, [key]);
  return ref;
}
