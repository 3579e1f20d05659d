/** A run of text and whether it shows in bold. */
export interface TextRun {
  text: string;
  bold: boolean;
}

/** Splits `text` at `**` marks: the words between a pair show in bold (the names of buttons). */
export function boldRuns(text: string): TextRun[] {
  return text
    .split('**')
    .map((part, index) => ({ text: part, bold: index % 2 === 1 }))
    .filter((run) => run.text !== '');
}
