// Stop, Play and Pause (./control-icons.ts says why the site draws its own pictures): apart from
// the microphone and the loudspeaker because only the scripts fetched on a tap draw them, the
// recorder and Listen's reader, and the form's island, which every page with the form loads, must
// not carry them.
import type { ControlIcon } from './control-icons';

/** Stop: a square. */
export const STOP: ControlIcon = { d: 'M6 6h12v12H6z', solid: true };
/** Play, and Continue listening: a triangle pointing on. */
export const PLAY: ControlIcon = { d: 'M7 4.5l12 7.5-12 7.5z', solid: true };
/** Pause: two bars. */
export const PAUSE: ControlIcon = { d: 'M7 5h3v14H7zM14 5h3v14h-3z', solid: true };
