// A carousel of products (WAI-ARIA APG "carousel" pattern, no autoplay).
// The slides are a CSS scroll-snap scroller: without JavaScript it is still a
// horizontal list that swipes on phones and scrolls with a trackpad or the
// keyboard. Hydration adds previous/next buttons, slide picker dots, arrow
// keys and an "N of M" status, and makes the slides that are not current
// inert so that Tab goes from the current slide straight to the controls.
// The server and the first client render are identical (current = 0, not
// ready); everything that depends on the browser happens in effects.
import { useCallback, useEffect, useRef, type KeyboardEvent } from "react";
import { useIslandId } from "../islandId";
import { interpolate } from "../i18n";
import type { Picture as PictureData } from "../generated/pagedata";
import { Picture } from "../Picture";

/** A slide's picture: 86 % of a phone, 78 % from 576 px, 3/5 of the container from 768 px. */
const SLIDE_SIZES = "(min-width: 1200px) 720px, (min-width: 768px) 60vw, (min-width: 576px) 78vw, 86vw";

import { useTrack } from "../scrollSettle";

export interface CarouselSlide {
  title: string;
  href: string;
  image: string;
  /** The image as the build processed it (a photo's renditions); the plain image when absent. */
  picture?: PictureData;
  price: string;
  /** The regular price, struck through, while the price is reduced. */
  previousPrice?: string;
  summary?: string;
}

export interface CarouselText {
  /** aria-roledescription of the region ("carousel", localised). */
  carousel: string;
  /** aria-roledescription of a slide ("slide", localised). */
  slide: string;
  /** "{n} of {total}" */
  position: string;
  previous: string;
  next: string;
  /** Label of the group of picker dots. */
  picker: string;
  /** A picker dot's label: "Slide {n}: {title}". */
  goTo: string;
  /** The visual call to action on a slide ("Details"). */
  view: string;
  /** Screen-reader prefixes of the prices of a reduced product. */
  previousPrice?: string;
  currentPrice?: string;
}

export interface CarouselProps {
  /** id of the visible heading that names the carousel; else `label` is used. */
  labelledBy?: string;
  label?: string;
  slides: CarouselSlide[];
  text: CarouselText;
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2.25"
        strokeLinecap="round"
        strokeLinejoin="round"
        d={direction === "left" ? "M14.5 5.5 8 12l6.5 6.5" : "M9.5 5.5 16 12l-6.5 6.5"}
      />
    </svg>
  );
}

function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export default function Carousel({ labelledBy, label, slides, text }: CarouselProps) {
  const id = useIslandId();
  const trackId = `${id}track`;
  const total = slides.length;
  const trackRef = useRef<HTMLDivElement>(null);
  const slideRefs = useRef<(HTMLDivElement | null)[]>([]);
  const dotRefs = useRef<(HTMLButtonElement | null)[]>([]);
  /**
   * Where focus should go once slide `index` is rendered as the current one.
   * The index matters: Preact runs an earlier render's pending effects when
   * the next render starts, so a key pressed before that effect ran must not
   * have its focus taken by the earlier slide's effect.
   */
  const focusAfter = useRef<{ to: "slide" | "dot"; index: number } | null>(null);

  /** The slide at the track's scroll position (the last one at the very end). */
  const indexAtScroll = useCallback((): number => {
    const track = trackRef.current;
    if (!track) return 0;
    const max = track.scrollWidth - track.clientWidth;
    if (max > 0 && track.scrollLeft >= max - 2) return total - 1;
    const start = slideRefs.current[0]?.offsetLeft ?? 0;
    let best = 0;
    let bestDistance = Infinity;
    slideRefs.current.forEach((el, i) => {
      if (!el) return;
      const distance = Math.abs(el.offsetLeft - start - track.scrollLeft);
      if (distance < bestDistance) {
        best = i;
        bestDistance = distance;
      }
    });
    return best;
  }, [total]);

  const scrollToIndex = useCallback((i: number) => {
    const track = trackRef.current;
    const first = slideRefs.current[0];
    const el = slideRefs.current[i];
    if (!track || !first || !el) return;
    track.scrollTo({ left: el.offsetLeft - first.offsetLeft, behavior: reducedMotion() ? "auto" : "smooth" });
  }, []);

  const { current, ready, go } = useTrack(trackRef, total, indexAtScroll, scrollToIndex);

  // After an arrow key, focus follows to the new slide or dot.
  useEffect(() => {
    const pending = focusAfter.current;
    if (!pending || pending.index !== current) return;
    focusAfter.current = null;
    if (pending.to === "dot") dotRefs.current[current]?.focus();
    else slideRefs.current[current]?.querySelector<HTMLElement>("a[href]")?.focus({ preventScroll: true });
  }, [current]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const target = e.target as HTMLElement;
    const index = (((current + (e.key === "ArrowRight" ? 1 : -1)) % total) + total) % total;
    if (dotRefs.current.includes(target as HTMLButtonElement)) focusAfter.current = { to: "dot", index };
    else if (trackRef.current?.contains(target)) focusAfter.current = { to: "slide", index };
    else focusAfter.current = null;
    e.preventDefault();
    go(index);
  }

  const position = (i: number) => interpolate(text.position, { n: i + 1, total });

  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription={text.carousel}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      data-ready={ready ? "" : undefined}
      onKeyDown={onKeyDown}
    >
      <div className="carousel__track" id={trackId} ref={trackRef}>
        {slides.map((s, i) => (
          <div
            key={s.href}
            ref={(el) => {
              slideRefs.current[i] = el;
            }}
            className={i === current ? "carousel__slide carousel__slide--current" : "carousel__slide"}
            role="group"
            aria-roledescription={text.slide}
            aria-label={position(i)}
            inert={ready && i !== current}
          >
            <div className="carousel__media">
              {s.picture ? (
                <Picture picture={s.picture} alt="" sizes={SLIDE_SIZES} />
              ) : (
                s.image && <img src={s.image} alt="" width={640} height={320} loading={i === 0 ? "eager" : "lazy"} decoding="async" draggable={false} />
              )}
            </div>
            <div className="carousel__body">
              <h3 className="carousel__title">
                <a className="carousel__link" href={s.href}>
                  {s.title}
                </a>
              </h3>
              {s.summary && <p className="carousel__summary">{s.summary}</p>}
              <div className="carousel__footer">
                <p className="carousel__price">
                  {s.previousPrice && (
                    <>
                      <del className="carousel__price-previous">
                        {text.previousPrice && <span className="visually-hidden">{text.previousPrice} </span>}
                        {s.previousPrice}
                      </del>{" "}
                      {text.currentPrice && <span className="visually-hidden">{text.currentPrice} </span>}
                    </>
                  )}
                  <span className={s.previousPrice ? "carousel__price-now carousel__price-now--sale" : "carousel__price-now"}>{s.price}</span>
                </p>
                <span className="btn btn--primary carousel__cta" aria-hidden="true">
                  {text.view} →
                </span>
              </div>
            </div>
          </div>
        ))}
      </div>

      {total > 1 && (
        <div className="carousel__controls">
          <p className="carousel__status" aria-live="polite" aria-atomic="true">
            {position(current)}
            <span className="visually-hidden">: {slides[current]?.title}</span>
          </p>
          <div className="carousel__nav">
            <button type="button" className="carousel__arrow" aria-controls={trackId} aria-label={text.previous} onClick={() => go(current - 1)}>
              <Chevron direction="left" />
            </button>
            <div className="carousel__dots" role="group" aria-label={text.picker}>
              {slides.map((s, i) => (
                <button
                  key={s.href}
                  ref={(el) => {
                    dotRefs.current[i] = el;
                  }}
                  type="button"
                  className="carousel__dot"
                  aria-controls={trackId}
                  aria-label={interpolate(text.goTo, { n: i + 1, title: s.title })}
                  aria-current={i === current ? "true" : undefined}
                  onClick={() => go(i)}
                />
              ))}
            </div>
            <button type="button" className="carousel__arrow" aria-controls={trackId} aria-label={text.next} onClick={() => go(current + 1)}>
              <Chevron direction="right" />
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
