// Which of the phone's voices can read a page aloud (docs/help.md). Chrome on Android writes a
// voice's language as hi_IN rather than hi-IN, and lists languages whose voice is not installed;
// a voice for another language would read Hindi letters as nonsense, so none means no Listen.

/** What Listen needs to know of a SpeechSynthesisVoice. */
export interface VoiceLike {
  lang: string;
  localService?: boolean;
}

/** The language every utterance is tagged with: Android ignores the voice unless it is set. */
export function speechLang(pageLang: string): string {
  return pageLang.toLowerCase().startsWith('hi') ? 'hi-IN' : 'en-IN';
}

const tag = (lang: string) => lang.replace(/_/g, '-').toLowerCase();

/**
 * The best voice for a page in `pageLang` ('hi' or 'en'): the Indian variant of the language first,
 * then any variant of it; a voice on the phone before one that needs the internet.
 */
export function voiceFor<V extends VoiceLike>(voices: readonly V[], pageLang: string): V | undefined {
  const wanted = tag(speechLang(pageLang));
  const language = wanted.split('-')[0]!;
  const rank = (voice: V) => {
    const lang = tag(voice.lang);
    const fit = lang === wanted ? 0 : lang === language || lang.startsWith(`${language}-`) ? 1 : undefined;
    return fit === undefined ? undefined : fit * 2 + (voice.localService === false ? 1 : 0);
  };
  let best: V | undefined;
  let bestRank = Infinity;
  for (const voice of voices) {
    const r = rank(voice);
    if (r !== undefined && r < bestRank) [best, bestRank] = [voice, r];
  }
  return best;
}
