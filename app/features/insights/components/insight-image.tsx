import { type ComponentProps, useEffect, useRef, useState } from "react";
import { DEFAULT_INSIGHT_IMAGE } from "../schema";

type InsightImageProps = Omit<ComponentProps<"img">, "src" | "onError"> & { src?: string };

/** An insight's picture, or the default one when the post has none or its file fails to load. */
export function InsightImage({ src, srcSet, sizes, alt, ...props }: InsightImageProps) {
  const [failed, setFailed] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);
  const shown = !src || failed ? DEFAULT_INSIGHT_IMAGE : src;

  useEffect(() => {
    // A server-rendered image can fail before React hydrates and starts listening for its error event.
    const image = imageRef.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);

  return (
    <img
      ref={imageRef}
      src={shown}
      srcSet={shown === src ? srcSet : undefined}
      sizes={shown === src ? sizes : undefined}
      alt={alt}
      onError={() => {
        if (shown !== DEFAULT_INSIGHT_IMAGE) setFailed(true);
      }}
      {...props}
    />
  );
}
