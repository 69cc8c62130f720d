/** Where the source code lives; a deployment may point it elsewhere at build time. */
export const SOURCE_URL: string =
  import.meta.env.VITE_CLIP_SOURCE_URL || 'https://github.com/clip-share/clip';
