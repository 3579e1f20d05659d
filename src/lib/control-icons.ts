// The pictures on the site's controls (docs/help.md, "Listen"; docs/stories.md, "Voice stories"):
// drawn for this site on a 24×24 grid, so a woman who cannot read finds Record, Stop, Play and
// Listen by their shape. Never emoji: a phone without an emoji font shows an empty box. Stop, Play
// and Pause are in ./media-icons.ts, kept apart from the form's island (a module two scripts
// import becomes a chunk of its own).

/** One picture: its path, drawn as a line in the text's colour, or filled where `solid`. */
export interface ControlIcon {
  d: string;
  solid?: boolean;
}

/** Record: a microphone on its stand. */
export const MICROPHONE: ControlIcon = { d: 'M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM5 11a7 7 0 0 0 14 0M12 18v3M8 21h8' };
/** Listen: a loudspeaker with its sound. */
export const SPEAKER: ControlIcon = { d: 'M4 9h4l5-4v14l-5-4H4zM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12' };
