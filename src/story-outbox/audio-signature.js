// What a recording's first bytes say it is (docs/stories.md, "Voice stories"): a declared type
// is what the sender says, not what the bytes are, and a phone's file picker may send audio as
// application/octet-stream. Both collectors name a stored file from this allow-list alone, so
// nothing but these containers reaches data/recordings/ or Drive. Pure: Node and the page import it.

/**
 * The containers a phone records speech in, each with the file ending a collector gives it and a
 * test of its first bytes (each format's own published signature).
 * @type {{ extension: string, type: string, matches: (b: Uint8Array) => boolean }[]}
 */
const SIGNATURES = [
  // EBML header (RFC 8794), which every WebM file starts with.
  { extension: 'webm', type: 'audio/webm', matches: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) },
  // An Ogg page (RFC 3533, section 6): "OggS".
  { extension: 'ogg', type: 'audio/ogg', matches: (b) => startsWith(b, ascii('OggS')) },
  // ISO base media (MP4, 3GP): a box of type "ftyp" first; its brand tells 3GPP from MP4.
  { extension: '3gp', type: 'audio/3gpp', matches: (b) => startsWith(b, ascii('ftyp'), 4) && startsWith(b, ascii('3gp'), 8) },
  { extension: '3g2', type: 'audio/3gpp2', matches: (b) => startsWith(b, ascii('ftyp'), 4) && startsWith(b, ascii('3g2'), 8) },
  { extension: 'm4a', type: 'audio/mp4', matches: (b) => startsWith(b, ascii('ftyp'), 4) },
  // An ID3v2 tag, or an MPEG audio frame's 11-bit sync with a layer that is not the reserved 00.
  { extension: 'mp3', type: 'audio/mpeg', matches: (b) => startsWith(b, ascii('ID3')) || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0 && (b[1] & 0x06) !== 0) },
  // RIFF with the WAVE form type.
  { extension: 'wav', type: 'audio/wav', matches: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WAVE'), 8) },
  // AMR and AMR-WB storage format (RFC 4867, section 5): "#!AMR".
  { extension: 'amr', type: 'audio/amr', matches: (b) => startsWith(b, ascii('#!AMR')) },
];

/** The first bytes a collector needs to tell every container above apart. */
export const SIGNATURE_BYTES = 12;

/**
 * The container `bytes` (at least the first SIGNATURE_BYTES of a file) start with, or undefined
 * when they are none of the allowed ones.
 * @param {Uint8Array} bytes
 * @returns {{ extension: string, type: string } | undefined}
 */
export function audioKind(bytes) {
  const found = SIGNATURES.find(({ matches }) => matches(bytes));
  return found && { extension: found.extension, type: found.type };
}

/** @param {string} text */
function ascii(text) {
  return Array.from(text, (letter) => letter.charCodeAt(0));
}

/** @param {Uint8Array} bytes @param {number[]} expected */
function startsWith(bytes, expected, offset = 0) {
  return expected.every((byte, i) => bytes[offset + i] === byte);
}
