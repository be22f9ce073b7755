import { useEffect, useState } from 'react';
import { defaultFilter } from 'cmdk';
import { Command, CommandEmpty, CommandInput, CommandList, CommandSeparator } from '@/components/ui/command';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { timeZonePreference } from '@/lib/preferences/display';
import { usePermissions } from '@/lib/api/user-details';
import { traceableId } from '@/lib/trace-id';
import {
  AccountGroup,
  HELP_VALUE,
  HelpGroup,
  NavigationGroups,
  PreferenceGroups,
  RECORD_VALUE,
  RecordGroups,
  recordValue,
  TraceGroup,
} from './command-groups';
import { useGlobalSearch } from './global-search';
import { useHelpSearch } from './help-search';
import { allows } from './nav-config';

/** cmdk's own filter, but for the server's records (always kept) and help articles (ranked below the rest). */
const paletteFilter = (value: string, search: string, keywords?: string[]) =>
  value.startsWith(RECORD_VALUE)
    ? 1
    : value.startsWith(HELP_VALUE)
      ? 0.01
      : defaultFilter(value, search, keywords);

/**
 * What the palette searches: the records the server finds for what is typed, the trace of an id typed whole, the
 * help articles; the item selected (the first record when records arrive, else the trace), and the live status.
 */
function usePaletteSearch(permissions: ReadonlySet<string> | undefined) {
  const timeZone = timeZonePreference.use();
  const [input, setInput] = useState('');
  const [selected, setSelected] = useState('');
  const search = useGlobalSearch(input, timeZone);
  // A request id or a urn typed whole: its trace can be opened (members who read the request log).
  const traceId = allows('logs.read', permissions) ? traceableId(input) : null;
  const traceValue = traceId ? `${RECORD_VALUE}trace:${traceId}` : '';
  const helpHits = useHelpSearch(input);

  // When records arrive they are the best matches: select the first, so Enter opens it.
  const first = search.results[0];
  useEffect(() => {
    if (first) setSelected(recordValue(first));
  }, [first]);
  // An id typed whole: Enter opens its trace, until a record found by it is selected.
  useEffect(() => {
    if (traceValue) setSelected(traceValue);
  }, [traceValue]);

  const status = search.searching
    ? 'Searching records…'
    : search.error
      ? 'The search failed.'
      : search.results.length
        ? `${search.results.length} matching record${search.results.length === 1 ? '' : 's'}.`
        : '';
  return { input, setInput, selected, setSelected, search, traceId, traceValue, helpHits, status };
}

/**
 * The palette's content; it mounts when the dialog opens, so every opening starts empty and closing it
 * drops (and aborts) the search in flight.
 */
function CommandPalette({ close }: { close: () => void }) {
  const permissions = usePermissions()?.permissions;
  const { input, setInput, selected, setSelected, search, traceId, traceValue, helpHits, status } =
    usePaletteSearch(permissions);
  const run = (action: () => unknown) => {
    close();
    void action();
  };

  return (
    <Command label="Command palette" loop filter={paletteFilter} value={selected} onValueChange={setSelected}>
      <CommandInput
        placeholder="Search payouts, beneficiaries, screens and actions…"
        value={input}
        onValueChange={setInput}
      />
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      <CommandList>
        <CommandEmpty>{search.searching ? 'Searching…' : 'No results found.'}</CommandEmpty>
        {search.error && (
          <p role="alert" className="px-3 py-2 text-sm text-destructive">
            Records could not be searched: {search.error.message}
          </p>
        )}
        {traceId && <TraceGroup traceId={traceId} value={traceValue} run={run} />}
        <RecordGroups results={search.results} run={run} />
        <NavigationGroups permissions={permissions} run={run} />
        <CommandSeparator />
        <PreferenceGroups run={run} />
        <CommandSeparator />
        <AccountGroup run={run} />
        {/* Last, and ranked last: a screen or action that matches what was typed stays first. */}
        {helpHits.length > 0 && <HelpGroup hits={helpHits} run={run} />}
      </CommandList>
    </Command>
  );
}

/**
 * The command palette (Cmd+K / Ctrl+K): your records as you type (payouts, beneficiaries, from the server's
 * global search), the trace of a request id or urn typed whole, actions (initiate payout, add beneficiary, switch
 * team, theme and font, sign out) and every screen. The shell loads this module when the browser is first idle,
 * so opening it never waits for code.
 */
export default function CommandMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="palette" showClose={false}>
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription className="sr-only">
          Search for a payout, a beneficiary, a screen or an action.
        </DialogDescription>
        <CommandPalette close={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
