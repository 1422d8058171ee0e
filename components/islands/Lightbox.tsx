// The gallery grid with a lightbox. The server renders the grid of figures,
// each thumbnail a link to the full image, which is the whole experience
// without JavaScript. After hydration a plain click (or Enter) on a thumbnail
// opens a native modal <dialog> (showModal: the rest of the page is inert and
// focus stays inside) with the picture, its caption (the dialog's name),
// "N of M", previous/next and close buttons. Escape closes (the dialog's own
// cancel), Left/Right arrows and a horizontal swipe navigate, and focus goes
// back to the thumbnail that opened it. The dialog is components/
// LightboxDialog.tsx, shared with the product gallery.
import { useRef, useState, type MouseEvent } from "react";
import { LightboxDialog, type LightboxImage, type LightboxText as DialogText } from "../LightboxDialog";

export type { LightboxImage };

export interface LightboxText extends DialogText {
  /** Appended, visually hidden, to each thumbnail link ("open the full-size picture"). */
  open: string;
}

export interface LightboxProps {
  images: LightboxImage[];
  /** Language of the alt texts and captions (the page's content language). */
  lang?: string;
  text: LightboxText;
}

export default function Lightbox({ images, lang, text }: LightboxProps) {
  /** The picture shown in the dialog, or null while it is closed. */
  const [index, setIndex] = useState<number | null>(null);
  const thumbRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const opener = useRef<number | null>(null);

  function onThumbClick(e: MouseEvent<HTMLAnchorElement>, i: number) {
    // Let modified clicks open the picture in a new tab or window as usual.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    opener.current = i;
    setIndex(i);
  }

  // Fired however the dialog closes (button, Escape, backdrop).
  function onClosed() {
    setIndex(null);
    const back = opener.current;
    opener.current = null;
    if (back !== null) thumbRefs.current[back]?.focus();
  }

  return (
    <>
      <ul className="gallery" role="list">
        {images.map((img, i) => (
          <li key={`${img.src}-${i}`}>
            <figure className="gallery__item">
              <a
                className="gallery__link"
                href={img.src}
                ref={(el) => {
                  thumbRefs.current[i] = el;
                }}
                onClick={(e) => onThumbClick(e, i)}
              >
                <img src={img.src} alt={img.alt} lang={lang} loading={i < 4 ? "eager" : "lazy"} decoding="async" width={600} height={450} />
                <span className="visually-hidden"> ({text.open})</span>
              </a>
              {img.caption && <figcaption lang={lang}>{img.caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>

      <LightboxDialog images={images} index={index} onShow={setIndex} onClosed={onClosed} lang={lang} text={text} />
    </>
  );
}
