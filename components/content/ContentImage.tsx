import Image from 'next/image';

type Props = { src: string; alt: string; width: number; height: number; className?: string; sizes?: string; preload?: boolean };

/**
 * An image named by the content API. Site paths go through next/image; an absolute URL from a remote
 * API is shown as is (it is not one of our optimised assets).
 */
export function ContentImage({ src, alt, width, height, className, sizes, preload }: Props) {
  if (src.startsWith('/') && !src.startsWith('//')) {
    return <Image src={src} alt={alt} width={width} height={height} className={className} sizes={sizes} preload={preload} />;
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- remote content image, outside the optimiser
    <img src={src} alt={alt} width={width} height={height} className={className} loading={preload ? 'eager' : 'lazy'} decoding="async" />
  );
}
