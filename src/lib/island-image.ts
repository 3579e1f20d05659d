import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';

/** What an island's <img> needs: islands cannot use Astro's <Image>, so the build resolves it here. */
export interface IslandImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
  alt: string;
}

interface Options {
  /** Widths to offer a raster image in; vector images need none. */
  widths?: number[];
  sizes?: string;
  width?: number;
  height?: number;
}

export async function islandImage(image: ImageMetadata, alt: string, options: Options = {}): Promise<IslandImage> {
  const isVector = image.format === 'svg';
  const result = await getImage({
    src: image,
    width: options.width,
    height: options.height,
    ...(isVector ? {} : { widths: options.widths, sizes: options.sizes }),
  });
  const width = Number(result.attributes.width ?? options.width ?? image.width);
  const height = Number(result.attributes.height ?? options.height ?? image.height);
  return {
    src: result.src,
    ...(result.srcSet.attribute ? { srcSet: result.srcSet.attribute, sizes: options.sizes } : {}),
    width,
    height,
    alt,
  };
}
