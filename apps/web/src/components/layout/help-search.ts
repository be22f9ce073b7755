import { useEffect, useState } from 'react';
import type { HelpHit } from '@/components/help-articles/search';

/**
 * The palette's help-article matches for `input`. The articles (and their search) load on the first non-empty
 * input, so the palette's own code stays small.
 */
export function useHelpSearch(input: string, limit = 5): HelpHit[] {
  const [hits, setHits] = useState<HelpHit[]>([]);
  useEffect(() => {
    const query = input.trim();
    if (!query) {
      setHits([]);
      return;
    }
    let live = true;
    void import('@/components/help-articles').then(({ HELP_ARTICLES, searchHelp }) => {
      if (live) setHits(searchHelp(HELP_ARTICLES, query, limit));
    });
    return () => {
      live = false;
    };
  }, [input, limit]);
  return hits;
}
