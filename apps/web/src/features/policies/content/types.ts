/** A point in a list; a `term` is shown in bold before its text. */
export type PolicyBullet = string | { term: string; text: string };

/** A titled part inside a section (e.g. "Information you give us"). */
interface PolicySubsection {
  title: string;
  paragraphs?: string[];
  bullets?: PolicyBullet[];
}

export interface PolicySection {
  /** Anchor of the section (`#id`), stable so links to it keep working. */
  id: string;
  title: string;
  paragraphs: string[];
  bullets?: PolicyBullet[];
  subsections?: PolicySubsection[];
  /** Paragraphs shown after the bullets and subsections. */
  closing?: string[];
}

/** The text of one policy, read from the translation file (`policyText.<kind>`). */
export interface PolicyDocument {
  /** What the policy covers and who it is for, shown under the title. */
  intro: string[];
  sections: PolicySection[];
}

/** SPEC 2 and 9: every policy takes effect on 21/01/25. */
export const EFFECTIVE_DATE = { display: '21/01/25', iso: '2025-01-21' } as const;
