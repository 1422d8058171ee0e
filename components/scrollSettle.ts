// The scroll-snap tracks' shared bookkeeping (islands/Carousel.tsx,
// islands/ProductGallery.tsx): which item a track has settled on.
import { useCallback, useEffect, useRef, useState, type MutableRefObject, type RefObject } from "react";

/** The item a button, key or thumbnail is scrolling to: scroll ends elsewhere before it are stale. */
export type ScrollTarget = { index: number; until: number } | null;

/** How long a programmatic scroll may take before its target is forgotten. */
const TARGET_MS = 1500;

export function scrollTarget(index: number): ScrollTarget {
  return { index, until: performance.now() + TARGET_MS };
}

/**
 * A swipe, a scroll or a button: the current item is the one the track
 * settles on. Only the end of a scroll counts: in between, a smooth scroll
 * passes over other items (and would announce them). Where "scrollend" is
 * missing (older Safari), a pause in the scroll events stands in for it.
 */
export function useScrollSettled(
  trackRef: RefObject<HTMLElement | null>,
  indexAtScroll: () => number,
  target: MutableRefObject<ScrollTarget>,
  onSettled: (index: number) => void,
) {
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let timer: number | undefined;
    const settled = () => {
      const index = indexAtScroll();
      const pending = target.current;
      // The end of an earlier scroll, arriving after a new button press.
      if (pending && pending.index !== index && performance.now() < pending.until) return;
      target.current = null;
      onSettled(index);
    };
    // A finger, a wheel or a trackpad takes over from a button's scroll.
    const userScroll = () => {
      target.current = null;
    };
    const inputs = ["pointerdown", "touchstart", "wheel"] as const;
    inputs.forEach((type) => track.addEventListener(type, userScroll, { passive: true }));
    const sync = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(settled, 150);
    };
    const native = "onscrollend" in window;
    if (native) track.addEventListener("scrollend", settled);
    else track.addEventListener("scroll", sync, { passive: true });
    return () => {
      inputs.forEach((type) => track.removeEventListener(type, userScroll));
      if (native) track.removeEventListener("scrollend", settled);
      else track.removeEventListener("scroll", sync);
      window.clearTimeout(timer);
    };
  }, [trackRef, indexAtScroll, target, onSettled]);
}

/**
 * A scroll-snap track's current item: where a button, key or thumbnail
 * sends it (go: wraps round, instant skips the smooth scroll), where it
 * settles after a swipe (useScrollSettled), and, once hydrated, where a
 * swipe made before hydration left it. ready turns true at hydration, so
 * the controls show only once they work. The server and the first client
 * render agree: item 0, not ready.
 */
export function useTrack(
  trackRef: RefObject<HTMLElement | null>,
  total: number,
  indexAtScroll: () => number,
  scrollToIndex: (index: number, instant?: boolean) => void,
) {
  const [current, setCurrent] = useState(0);
  const [ready, setReady] = useState(false);
  const target = useRef<ScrollTarget>(null);
  const go = useCallback(
    (i: number, instant = false) => {
      if (total === 0) return;
      const next = ((i % total) + total) % total;
      target.current = scrollTarget(next);
      setCurrent(next);
      scrollToIndex(next, instant);
    },
    [scrollToIndex, total],
  );
  useEffect(() => {
    setReady(true);
    setCurrent(indexAtScroll());
  }, [indexAtScroll]);
  useScrollSettled(trackRef, indexAtScroll, target, setCurrent);
  return { current, ready, go };
}
