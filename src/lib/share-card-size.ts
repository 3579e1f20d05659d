// The size every link preview (WhatsApp, Facebook, X) shows a share card at: read by the page head
// and by the renderer, which only the build runs.
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
