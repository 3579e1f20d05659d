/** The provider's privacy-enhanced host: it sets no cookies until the visitor plays the video. */
const EMBED_ORIGIN = 'https://www.youtube-nocookie.com';
/** Specification §9: the video frame is 320 px high. */
const FRAME_HEIGHT = 320;

/** The player address for a video id; autoplay, because the visitor has just pressed play. */
export function embedUrl(videoId: string): string {
  return `${EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
}

/**
 * Turns each video poster link into a button that puts the player in its place. The link works
 * without JavaScript (the video opens on the provider's site); the button keeps the visitor here.
 */
export function enhanceVideoPosters(root: ParentNode = document) {
  for (const box of root.querySelectorAll<HTMLElement>('[data-video-id]')) {
    const link = box.querySelector('a');
    if (!link) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = link.className;
    for (const attribute of link.attributes) if (attribute.name.startsWith('data-astro')) button.setAttribute(attribute.name, attribute.value);
    button.append(...link.childNodes);
    button.querySelector('.new-tab')?.remove();
    link.replaceWith(button);
    button.addEventListener('click', () => {
      const frame = document.createElement('iframe');
      frame.src = embedUrl(box.dataset.videoId!);
      frame.title = box.dataset.videoTitle!;
      frame.height = String(FRAME_HEIGHT);
      frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
      frame.referrerPolicy = 'strict-origin-when-cross-origin';
      button.replaceWith(frame);
      frame.focus();
    });
  }
}
