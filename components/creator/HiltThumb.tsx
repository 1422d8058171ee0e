// A small picture of a designed hilt: the part images side by side, lying
// down as drawn (pommel left, emitter right), for the basket's line, the
// creator's summary and the order status page's line.
import "./hilt-thumb.css";

/** The slots in the catalogue's order with their parts' pictures (a CreatorSlot, or the status page's catalogue names). */
export interface ThumbSlot {
  id: string;
  options: { id: string; image?: string }[];
}

export function HiltThumb({ slots, parts, label }: { slots: ThumbSlot[]; parts: Record<string, string>; label: string }) {
  const images = [...slots].reverse().map((s) => ({ slot: s.id, src: s.options.find((o) => o.id === parts[s.id])?.image }));
  return (
    <span className="hilt-thumb" role="img" aria-label={label}>
      {images.map((im) => (im.src ? <img key={im.slot} src={im.src} alt="" width={48} height={24} loading="lazy" decoding="async" /> : <span key={im.slot} className="hilt-thumb__gap" />))}
    </span>
  );
}
