// Lazy images (spec §5, §9): a src is required, external images go through the image proxy, loading starts
// 1.3 screens ahead, and a failed image is tried once (then a drawn placeholder, never a broken icon).
import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { imageSrc, lazyRootMargin } from '@fjt/domain';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string; width?: number; alt: string };

export function LazyImage({ src, width, alt, className, ...rest }: Props) {
  const ref = useRef<HTMLImageElement>(null);
  const [shown, setShown] = useState(false);
  const [failed, setFailed] = useState(false);
  const resolved = imageSrc(src, width ? { width } : undefined);

  useEffect(() => {
    const node = ref.current;
    if (!node || shown) return;
    if (!('IntersectionObserver' in window)) {
      setShown(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: lazyRootMargin(window.innerHeight) },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [shown]);

  if (!resolved || failed) {
    return <span className={`lazy-image lazy-image--empty ${className ?? ''}`} role="img" aria-label={alt} />;
  }
  return (
    <img
      ref={ref}
      className={`lazy-image ${className ?? ''}`}
      src={shown ? resolved : undefined}
      data-src={resolved}
      alt={alt}
      width={width}
      onError={() => setFailed(true)}
      {...rest}
    />
  );
}
