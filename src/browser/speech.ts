// The browser's speech synthesiser, shared by Listen and quick exit: both must be able to stop it.

/** The synthesiser, where the browser has one that can speak. */
export const synth: SpeechSynthesis | undefined =
  'speechSynthesis' in globalThis && 'SpeechSynthesisUtterance' in globalThis ? globalThis.speechSynthesis : undefined;

/** Stops any reading aloud at once, and drops what was queued. */
export function stopSpeaking() {
  try {
    synth?.cancel();
  } catch {
    // Nothing was speaking that could be stopped.
  }
}
