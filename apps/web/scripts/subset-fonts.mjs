// Makes the app's self-hosted font files (apps/web/src/fonts/*.woff2, committed; src/styles.css uses them) from
// the fontsource packages' latin subsets, smaller for the weights and features the screens use:
// - the weight axis limited to 400–700 (Tailwind's font-normal, medium, semibold and bold: the only weights in
//   the app), which drops the thin master's outlines and deltas — the shapes at 400–700 stay those of the
//   original (to ~2 units per em), the @font-face rules declare `font-weight: 400 700`;
// - the same characters (the fontsource latin unicode-range, repeated in styles.css);
// - the layout features the screens use: kerning, marks, contextual alternates and ligatures, locale forms,
//   tabular figures (`tabular-nums`); not the fraction, numerator and denominator forms;
// - no glyph names (the post table's names are for font editors).
// Inter's latin file goes from 48.3 KB to ~28 KB, Manrope's from 24.8 KB to ~16 KB.
// Needs fontTools with brotli (Debian: apt-get install python3-fonttools python3-brotli). Run after updating
// @fontsource-variable/*: node apps/web/scripts/subset-fonts.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';
const require = createRequire(join(import.meta.dirname, '..', 'package.json'));
const OUT = join(import.meta.dirname, '..', 'src', 'fonts');

/** fontsource's latin subset (the same unicode-range as src/styles.css). */
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const FEATURES = 'kern,mark,mkmk,calt,ccmp,liga,locl,tnum';
const WEIGHTS = '400:700';

const tmp = mkdtempSync(join(tmpdir(), 'meridian-fonts-'));
try {
  for (const font of ['inter', 'manrope']) {
    const source = require.resolve(`@fontsource-variable/${font}/files/${font}-latin-wght-normal.woff2`);
    const limited = join(tmp, `${font}.ttf`);
    const target = join(OUT, `${font}-latin-wght-normal.woff2`);
    execFileSync(PYTHON, [
      '-m',
      'fontTools.varLib.instancer',
      source,
      `wght=${WEIGHTS}`,
      '-q',
      '-o',
      limited,
    ]);
    execFileSync(PYTHON, [
      '-m',
      'fontTools.subset',
      limited,
      `--unicodes=${LATIN}`,
      `--layout-features=${FEATURES}`,
      '--flavor=woff2',
      `--output-file=${target}`,
    ]);
    const kb = (/** @type {string} */ f) => `${(statSync(f).size / 1024).toFixed(1)} KB`;
    console.log(`${font}: ${kb(source)} → ${kb(target)} (${target})`);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
