// A colour dot drawn as SVG: its fill is an attribute, not an inline style,
// so it needs no exception in the Content Security Policy.
export function Dot({ color, className }: { color: string; className: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="10" fill={color} />
    </svg>
  );
}
