import { getImageProps } from 'next/image';
import { preload as preloadResource } from 'react-dom';

type Props = { src: string; alt: string; width: number; height: number; className?: string; sizes?: string; preload?: boolean };

/**
 * The site's one image element, for server components: a plain `<img>` with next/image's optimised
 * sources from getImageProps (the Image component is a client component, about 5 KB of JavaScript for
 * a page that only shows a picture). An image that is the page's first view (`preload`) is fetched
 * early and eagerly. An absolute URL from a remote content API is shown as is (not one of our assets).
 */
export function ContentImage({ src, alt, width, height, className, sizes, preload }: Props) {
  if (!src.startsWith('/') || src.startsWith('//')) {
    // eslint-disable-next-line @next/next/no-img-element -- remote content image, outside the optimiser
    return <img src={src} alt={alt} width={width} height={height} className={className} loading={preload ? 'eager' : 'lazy'} decoding="async" />;
  }
  const { props } = getImageProps({ src, alt, width, height, sizes, className, loading: preload ? 'eager' : 'lazy', fetchPriority: preload ? 'high' : undefined });
  if (preload) preloadResource(props.src, { as: 'image', imageSrcSet: props.srcSet, imageSizes: props.sizes, fetchPriority: 'high' });
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- next/image's own props, alt included
  return <img {...props} />;
}
