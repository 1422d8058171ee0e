// The lightbox dialog that the gallery page (islands/Lightbox.tsx) and the
// product gallery (islands/ProductGallery.tsx) share: a native modal
// <dialog> (showModal: the rest of the page is inert and focus stays
// inside) with the picture, its caption (the dialog's name), "N of M",
// previous/next and close buttons. Escape closes (the dialog's own cancel),
// Left/Right arrows and a horizontal swipe navigate. The opener owns which
// picture is shown and where focus goes back to (onClosed).
//
// With zoom texts, the picture zooms: a click or tap toggles 2x at the
// pointer, a drag pans while zoomed, two fingers pinch (1x-4x), and a
// button in the bar does the same from the keyboard. The transform is set
// through the CSSOM (React's style prop on a client-only element): the
// site's CSP allows no style attribute in the served markup.
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { useIslandId } from "./islandId";
import { interpolate } from "./i18n";
import type { Source } from "./generated/pagedata";

export interface LightboxImage {
  src: string;
  alt: string;
  caption?: string;
  /** A photo's JPEG candidates; with sources, the dialog shows a <picture>. */
  srcset?: string;
  sources?: Source[];
}

export interface LightboxText {
  close: string;
  previous: string;
  next: string;
  /** "{n} of {total}" */
  position: string;
  /** The zoom button's name; zoom is off without it. */
  zoom?: string;
}

export interface LightboxDialogProps {
  images: LightboxImage[];
  /** The picture shown, or null while the dialog is closed. */
  index: number | null;
  /** Asks the opener to show picture i (already wrapped around). */
  onShow: (i: number) => void;
  /** The dialog closed (button, Escape, backdrop): the opener resets index and returns focus. */
  onClosed: () => void;
  /** Language of the alt texts and captions (the page's content language). */
  lang?: string;
  text: LightboxText;
  /**
   * How wide the picture may be shown, for a photo's candidates. The default
   * asks for twice the dialog's width so that a 2x zoom stays sharp (the
   * largest rendition on a desktop).
   */
  sizes?: string;
}

export function Icon({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
      <path fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}

export const ICON_PREV = "M14.5 5.5 8 12l6.5 6.5";
export const ICON_NEXT = "M9.5 5.5 16 12l-6.5 6.5";
const ICON_CLOSE = "M6 6l12 12M18 6 6 18";
const ICON_ZOOM = "M10.5 4.5a6 6 0 1 0 0 12 6 6 0 0 0 0-12ZM15 15l5 5M8 10.5h5M10.5 8v5";

/** The zoom every click or tap toggles to, and the pinch's bounds. */
const ZOOM = 2;
const MAX_ZOOM = 4;

interface View {
  scale: number;
  x: number;
  y: number;
}

const FIT: View = { scale: 1, x: 0, y: 0 };

/** Keeps a zoomed picture covering its own box: no empty edge is dragged in. */
function clamp(v: View, img: HTMLElement): View {
  const maxX = (img.offsetWidth * (v.scale - 1)) / 2;
  const maxY = (img.offsetHeight * (v.scale - 1)) / 2;
  return { scale: v.scale, x: Math.max(-maxX, Math.min(maxX, v.x)), y: Math.max(-maxY, Math.min(maxY, v.y)) };
}

export function LightboxDialog({ images, index, onShow, onClosed, lang, text, sizes = "(min-width: 72rem) 144rem, 200vw" }: LightboxDialogProps) {
  const id = useIslandId();
  const captionId = `${id}caption`;
  const total = images.length;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const [view, setView] = useState<View>(FIT);
  /** The pointers on the picture, for a drag (one) or a pinch (two). */
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ view: View; x: number; y: number; distance: number; moved: boolean } | null>(null);
  const [dragging, setDragging] = useState(false);
  const zoomable = Boolean(text.zoom);
  const zoomed = view.scale > 1;

  const open = index !== null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);

  // Every picture opens fitted.
  useEffect(() => setView(FIT), [index]);

  function show(i: number) {
    onShow(((i % total) + total) % total);
  }

  function close() {
    dialogRef.current?.close();
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
    if (e.pointerType !== "mouse" && !zoomed) swipeStart.current = { x: e.clientX, y: e.clientY };
  }

  function onPointerUp(e: PointerEvent<HTMLElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || index === null || zoomed || pointers.current.size > 0) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy) * 1.5) show(index + (dx < 0 ? 1 : -1));
  }

  /** Zooms to `scale` keeping the point under (clientX, clientY) in place. */
  function zoomAt(scale: number, clientX: number, clientY: number, from: View = view) {
    const img = imgRef.current;
    if (!img) return;
    if (scale <= 1) {
      setView(FIT);
      return;
    }
    // The box on screen is the layout box moved by the view shown (x, y) and
    // scaled about its centre; the point lies p unzoomed pixels from the
    // centre and must stay under the pointer.
    const box = img.getBoundingClientRect();
    const cx = box.left + box.width / 2 - view.x;
    const cy = box.top + box.height / 2 - view.y;
    const px = (clientX - cx - from.x) / from.scale;
    const py = (clientY - cy - from.y) / from.scale;
    setView(clamp({ scale, x: from.x + px * (from.scale - scale), y: from.y + py * (from.scale - scale) }, img));
  }

  function distance(): number {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  function onImgPointerDown(e: PointerEvent<HTMLImageElement>) {
    if (!zoomable || (e.pointerType === "mouse" && e.button !== 0)) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const moved = gesture.current?.moved ?? false;
    gesture.current = { view, x: e.clientX, y: e.clientY, distance: distance(), moved };
  }

  function onImgPointerMove(e: PointerEvent<HTMLImageElement>) {
    const g = gesture.current;
    const img = imgRef.current;
    if (!g || !img || !pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size >= 2 && g.distance > 0) {
      g.moved = true;
      const [a, b] = [...pointers.current.values()];
      const scale = Math.max(1, Math.min(MAX_ZOOM, (g.view.scale * distance()) / g.distance));
      zoomAt(scale, (a!.x + b!.x) / 2, (a!.y + b!.y) / 2, g.view);
      return;
    }
    const dx = e.clientX - g.x;
    const dy = e.clientY - g.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) g.moved = true;
    if (g.view.scale > 1 && g.moved) {
      setDragging(true);
      setView(clamp({ scale: g.view.scale, x: g.view.x + dx, y: g.view.y + dy }, img));
    }
  }

  function onImgPointerUp(e: PointerEvent<HTMLImageElement>) {
    pointers.current.delete(e.pointerId);
    const g = gesture.current;
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other goes on as a drag from here.
      const [rest] = [...pointers.current.values()];
      if (g && rest) gesture.current = { view, x: rest.x, y: rest.y, distance: 0, moved: true };
      return;
    }
    gesture.current = null;
    setDragging(false);
    if (!g || g.moved || e.type === "pointercancel") return;
    // A click or tap that did not move: toggle the zoom at that point.
    if (zoomed) setView(FIT);
    else zoomAt(ZOOM, e.clientX, e.clientY);
  }

  function toggleZoom() {
    const box = imgRef.current?.getBoundingClientRect();
    if (zoomed || !box) setView(FIT);
    else zoomAt(ZOOM, box.left + box.width / 2, box.top + box.height / 2);
  }

  const shown = index !== null ? images[index] : undefined;

  const img = shown && index !== null && (
    <img
      key={shown.src + index}
      ref={imgRef}
      className={zoomable ? (zoomed ? "lightbox__img lightbox__img--zoomable lightbox__img--zoomed" : "lightbox__img lightbox__img--zoomable") : "lightbox__img"}
      data-dragging={dragging ? "" : undefined}
      src={shown.src}
      srcSet={shown.srcset}
      sizes={shown.srcset ? sizes : undefined}
      alt={shown.alt}
      lang={lang}
      draggable={false}
      style={zoomable && zoomed ? { transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` } : undefined}
      onPointerDown={zoomable ? onImgPointerDown : undefined}
      onPointerMove={zoomable ? onImgPointerMove : undefined}
      onPointerUp={zoomable ? onImgPointerUp : undefined}
      onPointerCancel={zoomable ? onImgPointerUp : undefined}
    />
  );

  return (
    <dialog
      ref={dialogRef}
      className="lightbox"
      aria-labelledby={shown?.caption ? captionId : undefined}
      aria-label={shown && !shown.caption ? shown.alt : undefined}
      onClose={onClosed}
      onKeyDown={onKeyDown}
      onClick={onDialogClick}
    >
      {shown && index !== null && (
        <div className="lightbox__frame">
          <div className="lightbox__bar">
            <p className="lightbox__count">{interpolate(text.position, { n: index + 1, total })}</p>
            <div className="lightbox__tools">
              {zoomable && (
                <button type="button" className="lightbox__button lightbox__zoom" aria-label={text.zoom} aria-pressed={zoomed} onClick={toggleZoom}>
                  <Icon d={ICON_ZOOM} />
                </button>
              )}
              <button type="button" className="lightbox__button lightbox__close" aria-label={text.close} onClick={close}>
                <Icon d={ICON_CLOSE} />
              </button>
            </div>
          </div>
          <div
            className={zoomed ? "lightbox__stage lightbox__stage--zoomed" : "lightbox__stage"}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeStart.current = null)}
          >
            <figure className="lightbox__figure">
              {shown.sources?.length ? (
                <picture>
                  {shown.sources.map((s) => (
                    <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
                  ))}
                  {img}
                </picture>
              ) : (
                img
              )}
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
  );
}
