/**
 * Name and address similarity, as KYC name-match services score it: both texts are normalised (case,
 * punctuation, diacritics; honorifics dropped from names; address abbreviations and old city names expanded),
 * cut into tokens, and the tokens of one are aligned with those of the other regardless of order. A token
 * scores its Jaro–Winkler similarity (names) or Levenshtein ratio (addresses) to its best partner; an initial
 * matches any word it abbreviates; numbers (house numbers, pincodes) match only exactly.
 *
 * Score 0–100 and verdict (thresholds below):
 * - names: MATCH ≥ 80, PARTIAL_MATCH 55–79, NO_MATCH < 55;
 * - addresses: MATCH ≥ 75, PARTIAL_MATCH 50–74, NO_MATCH < 50; two different 6-digit pincodes cap the score at 45
 *   (a different post office is a different place).
 */

export type MatchType = 'name' | 'address';
export type Verdict = 'MATCH' | 'PARTIAL_MATCH' | 'NO_MATCH';

export const THRESHOLDS: Record<MatchType, { match: number; partial: number }> = {
  name: { match: 80, partial: 55 },
  address: { match: 75, partial: 50 },
};

const HONORIFICS = new Set([
  'MR',
  'MRS',
  'MS',
  'MISS',
  'MASTER',
  'MSTR',
  'DR',
  'PROF',
  'SHRI',
  'SHREE',
  'SRI',
  'SMT',
  'SHRIMATI',
  'KUMARI',
  'KUM',
  'KU',
  'SIR',
  'MADAM',
  'MX',
  'MESSRS',
  'MS/S',
  'M/S',
  'LATE',
  'CAPT',
  'COL',
  'ADV',
  'JI',
]);

/** Address abbreviations → the word (upper case, after punctuation is removed). */
const ADDRESS_WORDS: Record<string, string> = {
  RD: 'ROAD',
  ST: 'STREET',
  STR: 'STREET',
  NGR: 'NAGAR',
  NAG: 'NAGAR',
  APT: 'APARTMENT',
  APTS: 'APARTMENT',
  APARTMENTS: 'APARTMENT',
  BLDG: 'BUILDING',
  BLD: 'BUILDING',
  FLR: 'FLOOR',
  FL: 'FLOOR',
  NR: 'NEAR',
  OPP: 'OPPOSITE',
  SOC: 'SOCIETY',
  CHS: 'SOCIETY',
  SEC: 'SECTOR',
  SECT: 'SECTOR',
  PH: 'PHASE',
  MKT: 'MARKET',
  LN: 'LANE',
  AVE: 'AVENUE',
  AV: 'AVENUE',
  COL: 'COLONY',
  CLNY: 'COLONY',
  DIST: 'DISTRICT',
  DT: 'DISTRICT',
  TEH: 'TEHSIL',
  TAL: 'TALUKA',
  BLK: 'BLOCK',
  EXTN: 'EXTENSION',
  EXT: 'EXTENSION',
  CROSS: 'CROSS',
  CRS: 'CROSS',
  MN: 'MAIN',
  HWY: 'HIGHWAY',
  PO: 'POST',
  VILL: 'VILLAGE',
  VIL: 'VILLAGE',
  GDN: 'GARDEN',
  GDNS: 'GARDEN',
  GARDENS: 'GARDEN',
  CHWK: 'CHOWK',
  MARG: 'ROAD',
  PIN: '',
  PINCODE: '',
  NO: '',
  OF: '',
  THE: '',
  AND: '',
  BOMBAY: 'MUMBAI',
  MADRAS: 'CHENNAI',
  CALCUTTA: 'KOLKATA',
  BANGALORE: 'BENGALURU',
  BANGLORE: 'BENGALURU',
  GURGAON: 'GURUGRAM',
  POONA: 'PUNE',
  BARODA: 'VADODARA',
  TRIVANDRUM: 'THIRUVANANTHAPURAM',
  MYSORE: 'MYSURU',
};

/** Upper case, diacritics removed, every run of non-letters/digits a space. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9/]+/g, ' ')
    .trim();
}

/** A name's tokens: honorifics dropped, `S/O` and the like dropped, dots and hyphens joined ("R.K." → R K). */
export function nameTokens(text: string): string[] {
  const words = normalise(text.replace(/\./g, ' ')).split(' ');
  const out: string[] = [];
  for (const w of words) {
    if (!w || HONORIFICS.has(w) || /^[SDWC]\/O$/.test(w)) continue;
    for (const part of w.split('/')) if (part && !HONORIFICS.has(part)) out.push(part);
  }
  return out;
}

/** An address's tokens: abbreviations expanded, filler words dropped, letters and digits split ("12B" → 12 B). */
export function addressTokens(text: string): string[] {
  const out: string[] = [];
  for (const raw of normalise(text.replace(/\//g, ' ')).split(' ')) {
    for (const w of raw.split(/(?<=\d)(?=[A-Z])|(?<=[A-Z])(?=\d)/)) {
      if (!w) continue;
      const word = w in ADDRESS_WORDS ? ADDRESS_WORDS[w]! : w;
      if (word) out.push(word);
    }
  }
  return out;
}

/** Levenshtein distance (two rows). */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/** 1 − distance / longer length. */
export const levenshteinRatio = (a: string, b: string) =>
  !a.length && !b.length ? 1 : 1 - levenshtein(a, b) / Math.max(a.length, b.length);

/** Jaro–Winkler similarity (prefix scale 0.1, prefix up to 4). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (!a.length || !b.length) return 0;
  const window = Math.max(Math.floor(Math.max(a.length, b.length) / 2) - 1, 0);
  const aHit = new Array<boolean>(a.length).fill(false);
  const bHit = new Array<boolean>(b.length).fill(false);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - window); j < Math.min(b.length, i + window + 1); j++) {
      if (bHit[j] || a[i] !== b[j]) continue;
      aHit[i] = bHit[j] = true;
      matches++;
      break;
    }
  }
  if (!matches) return 0;
  let t = 0;
  let k = 0;
  for (let i = 0; i < a.length; i++) {
    if (!aHit[i]) continue;
    while (!bHit[k]) k++;
    if (a[i] !== b[k]) t++;
    k++;
  }
  const jaro = (matches / a.length + matches / b.length + (matches - t / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/**
 * Token-set ratio (as in fuzzywuzzy): the sorted common tokens against each side's sorted tokens, best
 * Levenshtein ratio of the three pairs. 1 when one text's tokens are all in the other.
 */
export function tokenSetRatio(a: string[], b: string[]): number {
  const A = new Set(a);
  const B = new Set(b);
  const common = [...A].filter((t) => B.has(t)).sort();
  const onlyA = [...A].filter((t) => !B.has(t)).sort();
  const onlyB = [...B].filter((t) => !A.has(t)).sort();
  const t0 = common.join(' ');
  const t1 = [...common, ...onlyA].join(' ');
  const t2 = [...common, ...onlyB].join(' ');
  return Math.max(
    common.length ? levenshteinRatio(t0, t1) : 0,
    common.length ? levenshteinRatio(t0, t2) : 0,
    levenshteinRatio(t1, t2),
  );
}

/** Similarity of two tokens for a kind of text; initials and numbers as described above. */
function tokenScore(type: MatchType, a: string, b: string): number {
  if (a === b) return 1;
  const aNum = /^\d+$/.test(a);
  const bNum = /^\d+$/.test(b);
  if (aNum || bNum) return 0;
  if (a.length === 1 || b.length === 1) return a[0] === b[0] ? 0.9 : 0;
  return type === 'name' ? jaroWinkler(a, b) : levenshteinRatio(a, b);
}

/** Below this a token pair does not count as the same word. */
const TOKEN_FLOOR: Record<MatchType, number> = { name: 0.85, address: 0.75 };

/**
 * Greedy best-pair alignment of two token lists (order free): Σ scores of aligned pairs × 2 / (|a| + |b|).
 */
function alignment(type: MatchType, a: string[], b: string[]): number {
  const pairs: { i: number; j: number; s: number }[] = [];
  a.forEach((x, i) =>
    b.forEach((y, j) => {
      const s = tokenScore(type, x, y);
      if (s >= TOKEN_FLOOR[type]) pairs.push({ i, j, s });
    }),
  );
  pairs.sort((p, q) => q.s - p.s || Number(q.s === 1) - Number(p.s === 1));
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  let total = 0;
  for (const p of pairs) {
    if (usedA.has(p.i) || usedB.has(p.j)) continue;
    usedA.add(p.i);
    usedB.add(p.j);
    total += p.s;
  }
  return (2 * total) / (a.length + b.length);
}

export type Similarity = {
  score: number;
  verdict: Verdict;
  /** The tokens compared, after normalisation (for explaining a score). */
  tokens_1: string[];
  tokens_2: string[];
};

export function verdictFor(type: MatchType, score: number): Verdict {
  const t = THRESHOLDS[type];
  return score >= t.match ? 'MATCH' : score >= t.partial ? 'PARTIAL_MATCH' : 'NO_MATCH';
}

/** Similarity of two names: 0–100 and a verdict. */
export function compareNames(text1: string, text2: string): Similarity {
  const a = nameTokens(text1);
  const b = nameTokens(text2);
  let score = 0;
  if (a.length && b.length) {
    const aligned = alignment('name', a, b);
    // The same letters spaced differently ("RAMKUMAR" / "RAM KUMAR"), in either order.
    const joined = Math.max(
      levenshteinRatio(a.join(''), b.join('')),
      levenshteinRatio([...a].sort().join(''), [...b].sort().join('')),
    );
    score = Math.max(aligned, joined >= 0.9 ? joined : 0);
  }
  const rounded = Math.round(score * 100);
  return { score: rounded, verdict: verdictFor('name', rounded), tokens_1: a, tokens_2: b };
}

const PINCODE = /^[1-9]\d{5}$/;

/** Similarity of two addresses: 0–100 and a verdict. */
export function compareAddresses(text1: string, text2: string): Similarity {
  const a = addressTokens(text1);
  const b = addressTokens(text2);
  let score = 0;
  if (a.length && b.length) {
    score = 0.5 * alignment('address', a, b) + 0.5 * tokenSetRatio(a, b);
    const pinA = a.find((t) => PINCODE.test(t));
    const pinB = b.find((t) => PINCODE.test(t));
    if (pinA && pinB && pinA !== pinB) score = Math.min(score, 0.45);
  }
  const rounded = Math.round(score * 100);
  return { score: rounded, verdict: verdictFor('address', rounded), tokens_1: a, tokens_2: b };
}

export const compareTexts = (type: MatchType, text1: string, text2: string): Similarity =>
  type === 'name' ? compareNames(text1, text2) : compareAddresses(text1, text2);
