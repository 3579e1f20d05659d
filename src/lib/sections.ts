/** The six /home sections, in page order; nav links and ids come from here (specification §2). */
export const SECTION_IDS = ['home', 'about', 'focus', 'teams', 'salaamstree', 'contact'] as const;

export type SectionId = (typeof SECTION_IDS)[number];
