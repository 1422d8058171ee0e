// The gallery grid with a lightbox. The server renders the grid of figures,
// each thumbnail a link to the full image, which is the whole experience
// without JavaScript. After hydration a plain click (or Enter) on a thumbnail
// opens a native modal <dialog> (showModal: the rest of the page is inert and
// focus stays inside) with the picture, its caption (the dialog's name),
// "N of M", previous/next and close buttons. Escape closes (the dialog's own
// cancel), Left/Right arrows and a horizontal swipe navigate, and focus goes
// back to the thumbnail that opened it.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { interpolate } from "../i18n";

export interface LightboxImage {
  src: string;
  alt: string;
  caption?: string;
}

export interface LightboxText {
  /** Appended, visually hidden, to each thumbnail link ("open the full-size picture"). */
  open: string;
  close: string;
  previous: string;
  next: string;
  /** "{n} of {total}" */
  position: string;
}

export interface LightboxProps {
  images: LightboxImage[];
  /** Language of the alt texts and captions (the page's content language). */
  lang?: string;
  text: LightboxText;
}

function Icon({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
      <path fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}

const ICON_PREV = "M14.5 5.5 8 12l6.5 6.5";
const ICON_NEXT = "M9.5 5.5 16 12l-6.5 6.5";
const ICON_CLOSE = "M6 6l12 12M18 6 6 18";

export default function Lightbox({ images, lang, text }: LightboxProps) {
  const id = useId();
  const captionId = `${id}caption`;
  const total = images.length;
  /** The picture shown in the dialog, or null while it is closed. */
  const [index, setIndex] = useState<number | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const thumbRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const opener = useRef<number | null>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);

  const open = index !== null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);

  function onThumbClick(e: MouseEvent<HTMLAnchorElement>, i: number) {
    // Let modified clicks open the picture in a new tab or window as usual.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    opener.current = i;
    setIndex(i);
  }

  function show(i: number) {
    setIndex(((i % total) + total) % total);
  }

  function close() {
    dialogRef.current?.close();
  }

  // Fired however the dialog closes (button, Escape, backdrop).
  function onClose() {
    setIndex(null);
    const back = opener.current;
    opener.current = null;
    if (back !== null) thumbRefs.current[back]?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLDialogElement>) {
    if (index === null || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "ArrowRight") {
      e.preventDefault();
      show(index + 1);
    } else if (e.key === "ArrowLeft") {
      e.preventDefault();
      show(index - 1);
    }
  }

  // A click on the dim area around the picture (not on it or a button) closes.
  function onDialogClick(e: MouseEvent<HTMLDialogElement>) {
    const t = e.target as HTMLElement;
    if (t === e.currentTarget || t.classList.contains("lightbox__stage") || t.classList.contains("lightbox__frame")) close();
  }

  function onPointerDown(e: PointerEvent<HTMLElement>) {
    if (e.pointerType !== "mouse") swipeStart.current = { x: e.clientX, y: e.clientY };
  }

  function onPointerUp(e: PointerEvent<HTMLElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || index === null) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy) * 1.5) show(index + (dx < 0 ? 1 : -1));
  }

  const shown = index !== null ? images[index] : undefined;

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

      <dialog
        ref={dialogRef}
        className="lightbox"
        aria-labelledby={shown?.caption ? captionId : undefined}
        aria-label={shown && !shown.caption ? shown.alt : undefined}
        onClose={onClose}
        onKeyDown={onKeyDown}
        onClick={onDialogClick}
      >
        {shown && index !== null && (
          <div className="lightbox__frame">
            <div className="lightbox__bar">
              <p className="lightbox__count">{interpolate(text.position, { n: index + 1, total })}</p>
              <button type="button" className="lightbox__button lightbox__close" aria-label={text.close} onClick={close}>
                <Icon d={ICON_CLOSE} />
              </button>
            </div>
            <div className="lightbox__stage" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (swipeStart.current = null)}>
              <figure className="lightbox__figure">
                <img key={shown.src + index} className="lightbox__img" src={shown.src} alt={shown.alt} lang={lang} draggable={false} />
                {shown.caption && (
                  <figcaption id={captionId} className="lightbox__caption" lang={lang}>
                    {shown.caption}
                  </figcaption>
                )}
              </figure>
            </div>
            {/* Announces the picture that previous/next or an arrow key brings. */}
            <p className="visually-hidden" aria-live="polite" aria-atomic="true">
              {interpolate(text.position, { n: index + 1, total })}
              {shown.caption ? <span lang={lang}>. {shown.caption}</span> : null}
            </p>
            {total > 1 && (
              <div className="lightbox__nav">
                <button type="button" className="lightbox__button lightbox__prev" aria-label={text.previous} onClick={() => show(index - 1)}>
                  <Icon d={ICON_PREV} />
                </button>
                <button type="button" className="lightbox__button lightbox__next" aria-label={text.next} onClick={() => show(index + 1)}>
                  <Icon d={ICON_NEXT} />
                </button>
              </div>
            )}
          </div>
        )}
      </dialog>
    </>
  );
}
