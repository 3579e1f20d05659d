// Which of the phone's voices can read a page aloud (docs/help.md). A page names the voices it may
// be read with, best first, from its edition's row (src/lib/editions.ts, `voices`: `gu-IN gu`).
// Chrome on Android writes a voice's language as gu_IN rather than gu-IN, and lists languages whose
// voice is not installed; a voice for another language would read Gujarati or Hindi letters as
// nonsense, so a page whose languages have no voice has no Listen.

/** What Listen needs to know of a SpeechSynthesisVoice. */
export interface VoiceLike {
  lang: string;
  localService?: boolean;
}

/** The language every utterance is tagged with, the first of `wanted`: Android ignores the voice unless it is set. */
export function speechLang(wanted: readonly string[]): string {
  return wanted[0] ?? '';
}

const tag = (lang: string) => lang.replace(/_/g, '-').toLowerCase();

/** Whether a voice's language is `wanted`: that variant for a tag with a region (gu-IN), any variant for one without (gu). */
function fits(voiceLang: string, wanted: string): boolean {
  const lang = tag(voiceLang);
  const want = tag(wanted);
  return lang === want || (!want.includes('-') && lang.startsWith(`${want}-`));
}

/**
 * The best voice for a page that may be read with `wanted` (its edition's voices, best first: the
 * Indian variant of its language, then any variant): the first of them a voice speaks; among
 * equals, a voice on the phone before one that needs the internet. None: the page has no Listen.
 */
export function voiceFor<V extends VoiceLike>(voices: readonly V[], wanted: readonly string[]): V | undefined {
  const rank = (voice: V) => {
    const fit = wanted.findIndex((want) => fits(voice.lang, want));
    return fit < 0 ? undefined : fit * 2 + (voice.localService === false ? 1 : 0);
  };
  let best: V | undefined;
  let bestRank = Infinity;
  for (const voice of voices) {
    const r = rank(voice);
    if (r !== undefined && r < bestRank) [best, bestRank] = [voice, r];
  }
  return best;
}

/** The voices a page names on its Listen buttons (`data-voices="gu-IN gu"`), best first. */
export const wantedVoices = (attribute: string | undefined): string[] => (attribute ?? '').split(/\s+/).filter(Boolean);
