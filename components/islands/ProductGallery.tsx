// The product page's photo gallery. The server renders the whole of it: the
// photos in a horizontal scroll-snap track (a labelled, focusable region
// that swipes on phones and scrolls with a trackpad or the keyboard), the
// first photo the page's main picture (eager, fetchpriority high, real
// width/height: no layout shift), "1 / 3" and a row of thumbnails that are
// links to the photos' anchors in the track. Without JavaScript that is the
// gallery; each photo links to its JPEG.
//
// Hydration (hydrate="idle": after the page and the buy button) adds:
// thumbnails scroll the track to their photo and mark the shown one
// aria-current; Left/Right on the focused gallery; previous/next buttons
// over the photo (from 768 px, where nobody swipes); and a click on the
// photo opens the shared lightbox (components/LightboxDialog.tsx) with a
// large rendition and zoom. Focus comes back to the photo the lightbox
// showed last, which the track then shows too. Server render and first
// client render are identical (current 0, not ready); the browser's state
// (a swipe made before hydration) is read in effects.
import { useCallback, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { interpolate } from "../i18n";
import { useTrack } from "../scrollSettle";
import type { Picture as PictureData } from "../generated/pagedata";
import { Picture } from "../Picture";
import { Icon, ICON_NEXT, ICON_PREV, LightboxDialog } from "../LightboxDialog";

export interface ProductGalleryText {
  /** The track's region label ("Photos of {title}" already filled in). */
  label: string;
  /** "{n} / {total}" under the photo. */
  position: string;
  /** Appended, visually hidden, to each photo's link ("open the large photo"). */
  open: string;
  previous: string;
  next: string;
  /** The lightbox's texts. */
  close: string;
  /** "{n} of {total}" in the lightbox. */
  lightboxPosition: string;
  zoom: string;
}

export interface ProductGalleryProps {
  /** The product's photos, in the editor's order, each with its alt text. */
  pictures: PictureData[];
  /** The sizes attribute of the photos in the track (the media column's width). */
  sizes: string;
  text: ProductGalleryText;
}

/** The anchor of photo i in the track (one gallery per page). */
const slideId = (i: number) => `photo-${i + 1}`;

/** The thumbnails are about 5 rem wide (templates/styles.css). */
const THUMB_SIZES = "6rem";

function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function plainClick(e: MouseEvent): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

export default function ProductGallery({ pictures, sizes, text }: ProductGalleryProps) {
  const total = pictures.length;
  /** The photo in the lightbox, or null while it is closed. */
  const [shown, setShown] = useState<number | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const slideRefs = useRef<(HTMLAnchorElement | null)[]>([]);

  /** The photo at the track's scroll position. */
  const indexAtScroll = useCallback((): number => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return 0;
    return Math.max(0, Math.min(total - 1, Math.round(track.scrollLeft / track.clientWidth)));
  }, [total]);

  const scrollToIndex = useCallback((i: number, instant = false) => {
    const track = trackRef.current;
    if (!track) return;
    track.scrollTo({ left: i * track.clientWidth, behavior: instant || reducedMotion() ? "auto" : "smooth" });
  }, []);

  const { current, ready, go } = useTrack(trackRef, total, indexAtScroll, scrollToIndex);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    // The lightbox (rendered inside) has its own arrows.
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || shown !== null) return;
    e.preventDefault();
    go(current + (e.key === "ArrowRight" ? 1 : -1));
  }

  function onPhotoClick(e: MouseEvent<HTMLAnchorElement>, i: number) {
    if (!plainClick(e)) return; // a new tab or window gets the JPEG
    e.preventDefault();
    setShown(i);
  }

  function onThumbClick(e: MouseEvent<HTMLAnchorElement>, i: number) {
    if (!plainClick(e)) return;
    e.preventDefault();
    go(i);
  }

  // The lightbox closed: the track shows the photo it showed last, and focus
  // returns to that photo's link.
  function onClosed() {
    const last = shown;
    setShown(null);
    if (last === null) return;
    go(last, true);
    slideRefs.current[last]?.focus({ preventScroll: true });
  }

  const position = interpolate(text.position, { n: current + 1, total });

  return (
    <div className="pgallery" data-ready={ready ? "" : undefined} onKeyDown={onKeyDown}>
      <div className="pgallery__stage">
        <div className="pgallery__track" ref={trackRef} role="region" aria-label={text.label} tabIndex={0}>
          {pictures.map((p, i) => (
            <a
              key={`${p.src}-${i}`}
              id={slideId(i)}
              ref={(el) => {
                slideRefs.current[i] = el;
              }}
              className="pgallery__slide"
              href={p.src}
              onClick={(e) => onPhotoClick(e, i)}
            >
              <Picture picture={p} sizes={sizes} main={i === 0} />
              <span className="visually-hidden"> ({text.open})</span>
            </a>
          ))}
        </div>
        {total > 1 && (
          <>
            <button type="button" className="lightbox__button pgallery__arrow pgallery__arrow--prev" aria-label={text.previous} onClick={() => go(current - 1)}>
              <Icon d={ICON_PREV} />
            </button>
            <button type="button" className="lightbox__button pgallery__arrow pgallery__arrow--next" aria-label={text.next} onClick={() => go(current + 1)}>
              <Icon d={ICON_NEXT} />
            </button>
          </>
        )}
      </div>

      {total > 1 && (
        <div className="pgallery__bar">
          <ul className="pgallery__thumbs" role="list">
            {pictures.map((p, i) => (
              <li key={`${p.src}-${i}`}>
                <a
                  className="pgallery__thumb"
                  href={`#${slideId(i)}`}
                  aria-current={i === current ? "true" : undefined}
                  onClick={(e) => onThumbClick(e, i)}
                >
                  <Picture picture={p} sizes={THUMB_SIZES} />
                </a>
              </li>
            ))}
          </ul>
          <p className="pgallery__status" aria-live="polite" aria-atomic="true">
            {position}
          </p>
        </div>
      )}

      <LightboxDialog
        images={pictures.map((p) => ({ src: p.src, srcset: p.srcset, sources: p.sources, alt: p.alt }))}
        index={shown}
        onShow={setShown}
        onClosed={onClosed}
        text={{ close: text.close, previous: text.previous, next: text.next, position: text.lightboxPosition, zoom: text.zoom }}
      />
    </div>
  );
}
