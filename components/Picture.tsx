import type { Picture as PictureData } from "./generated/pagedata";

export type PictureProps = {
  /** The picture from the page data (product.pictures[i], product.picture, page.images[i].picture, page.cover_picture). */
  picture: PictureData;
  /**
   * The sizes attribute: how wide the picture is shown, so the browser
   * picks the right candidate ("(min-width: 48rem) 45rem, 100vw" when unset).
   */
  sizes?: string;
  /** The page's main picture (its likely LCP): eager, fetchpriority="high". Every other picture loads lazily. */
  main?: boolean;
  /** Overrides the picture's alt text ("" for a decorative picture). */
  alt?: string;
  className?: string;
};

/** Default sizes, the same as internal/images.DefaultSizes. */
export const defaultSizes = "(min-width: 48rem) 45rem, 100vw";

/**
 * Picture renders a photo the build processed (internal/images) as the
 * same markup the build writes for Markdown images: a <picture> with AVIF
 * and WebP sources and a JPEG <img> with width/height, over a tiny blurred
 * placeholder. An SVG (a picture with src only) is a plain <img>.
 */
export function Picture({ picture, sizes = defaultSizes, main = false, alt, className }: PictureProps) {
  const load = main ? ({ loading: "eager", fetchPriority: "high" } as const) : ({ loading: "lazy" } as const);
  const text = alt ?? picture.alt;
  if (!picture.srcset) {
    return <img className={className} src={picture.src} alt={text} width={picture.width} height={picture.height} {...load} decoding="async" />;
  }
  return (
    <span className={className ? `photo ${className}` : "photo"}>
      {picture.placeholder && (
        <img className="photo__placeholder" src={picture.placeholder} alt="" aria-hidden="true" width={picture.width} height={picture.height} />
      )}
      <picture>
        {picture.sources?.map((s) => <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />)}
        <img src={picture.src} srcSet={picture.srcset} sizes={sizes} width={picture.width} height={picture.height} alt={text} {...load} decoding="async" />
      </picture>
    </span>
  );
}
