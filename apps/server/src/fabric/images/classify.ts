/**
 * Classifying an Indian identity document from its OCR text. Each type has printed headings (keywords) and an
 * identifier pattern; a type matches on a keyword, on its pattern together with a keyword, or — for the
 * passport — on its machine-readable zone alone. The confidence says how much evidence was found and how well
 * the OCR read the page; the evidence list names what was found, never the identifier itself.
 */

export const DOCUMENT_TYPES = [
  'PASSPORT',
  'PAN',
  'VOTER_ID',
  'DRIVING_LICENCE',
  'AADHAAR',
  'UNKNOWN',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export type Classification = {
  documentType: DocumentType;
  /** 0 to 1, two decimals. */
  confidence: number;
  /** What was found, e.g. `keyword: INCOME TAX DEPARTMENT`, `pattern: PAN number`. */
  evidence: string[];
};

type Rule = {
  type: Exclude<DocumentType, 'UNKNOWN'>;
  keywords: string[];
  pattern: RegExp;
  patternName: string;
};

/** In order: the first type with evidence wins when two have the same amount (a passport names India too). */
const RULES: Rule[] = [
  {
    type: 'PASSPORT',
    keywords: ['PASSPORT', 'REPUBLIC OF INDIA'],
    // The machine-readable zone's first line: P, a type character or <, the issuing state IND.
    pattern: /P[A-Z<]IND[A-Z<]{5,}/,
    patternName: 'passport MRZ',
  },
  {
    type: 'PAN',
    keywords: ['INCOME TAX DEPARTMENT', 'PERMANENT ACCOUNT NUMBER'],
    pattern: /\b[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]\b/,
    patternName: 'PAN number',
  },
  {
    type: 'VOTER_ID',
    keywords: ['ELECTION COMMISSION', 'ELECTOR'],
    pattern: /\b[A-Z]{3}\d{7}\b/,
    patternName: 'EPIC number',
  },
  {
    type: 'DRIVING_LICENCE',
    keywords: ['DRIVING LICENCE', 'DRIVING LICENSE', 'TRANSPORT DEPARTMENT'],
    pattern: /\b[A-Z]{2}[- ]?\d{2}[- ]?(19|20)\d{2}\d{7}\b/,
    patternName: 'licence number',
  },
  {
    type: 'AADHAAR',
    keywords: ['AADHAAR', 'UNIQUE IDENTIFICATION AUTHORITY', 'GOVERNMENT OF INDIA'],
    pattern: /\b\d{4} ?\d{4} ?\d{4}\b/,
    patternName: 'Aadhaar number',
  },
];

/** Upper case, single spaces; OCR's look-alikes of `<` in an MRZ (`«`, `‹`, `K<` runs) read as `<`. */
const normalise = (text: string) =>
  text
    .toUpperCase()
    .replace(/[«‹]/g, '<')
    .replace(/[ \t]+/g, ' ');

/**
 * @param text the OCR text of the page
 * @param ocrConfidence tesseract's mean word confidence, 0–100
 */
export function classifyDocument(text: string, ocrConfidence: number): Classification {
  const page = normalise(text);
  const compact = page.replace(/\s+/g, '');
  let best: { rule: Rule; keywords: string[]; pattern: boolean } | null = null;
  for (const rule of RULES) {
    const keywords = rule.keywords.filter((k) => page.includes(k));
    const pattern = rule.type === 'PASSPORT' ? rule.pattern.test(compact) : rule.pattern.test(page);
    // A pattern alone is not enough (ten digits and letters are common), except a passport's MRZ.
    if (keywords.length === 0 && !(pattern && rule.type === 'PASSPORT')) continue;
    const score = keywords.length + (pattern ? 2 : 0);
    const bestScore = best ? best.keywords.length + (best.pattern ? 2 : 0) : 0;
    if (score > bestScore) best = { rule, keywords, pattern };
  }
  if (!best) return { documentType: 'UNKNOWN', confidence: 0, evidence: [] };
  // Evidence: a keyword alone 0.6, keyword and pattern 0.9, more keywords add a little; scaled by the OCR's
  // own confidence (a page read at 50 % halves it at most down to 0.75 of it).
  const evidence =
    0.6 + (best.pattern ? 0.3 : 0) + Math.min(0.09, 0.03 * Math.max(0, best.keywords.length - 1));
  const reading = 0.5 + 0.5 * Math.min(1, Math.max(0, ocrConfidence / 100));
  return {
    documentType: best.rule.type,
    confidence: Math.round(evidence * reading * 100) / 100,
    evidence: [
      ...best.keywords.map((k) => `keyword: ${k}`),
      ...(best.pattern ? [`pattern: ${best.rule.patternName}`] : []),
    ],
  };
}
