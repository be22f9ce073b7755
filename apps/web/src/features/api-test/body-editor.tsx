import type { Dispatch } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cx } from '@/lib/cx';
import { FieldControl } from './field-control';
import type { BodyTab, OperationAction, OperationState } from './operation-state';

/**
 * The request body: a form generated from its schema, or its raw JSON (two tabs kept in step); a body that is
 * not JSON gets a note instead (this page sends JSON bodies only).
 */
export function BodyEditor({
  state,
  dispatch,
}: {
  state: Pick<OperationState, 'form' | 'body' | 'tab' | 'raw' | 'rawError' | 'errors'>;
  dispatch: Dispatch<OperationAction>;
}) {
  const { op, body: bodyField } = state.form;
  if (!op.body) return null;
  if (!bodyField)
    return (
      <Alert>
        <AlertTitle>Body: {op.body.contentType}</AlertTitle>
        <AlertDescription>
          This page sends JSON bodies only: send this one with curl (Copy as curl) and add the file.
        </AlertDescription>
      </Alert>
    );
  const { tab } = state;
  return (
    <section aria-label="Request body" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">
          Body{op.body.required && <span className="text-destructive"> *</span>}
        </h3>
        <BodyTabs tab={tab} dispatch={dispatch} />
      </div>
      {tab === 'form' ? (
        <FieldControl
          field={bodyField}
          draft={state.body}
          onChange={(draft) => dispatch({ type: 'setBody', draft })}
          path=""
          errors={state.errors}
          idPrefix={`${op.id}-body`}
          label="body"
        />
      ) : (
        <RawBody state={state} dispatch={dispatch} />
      )}
    </section>
  );
}

/** The tabs between the generated form and the raw JSON. */
function BodyTabs({ tab, dispatch }: { tab: BodyTab; dispatch: Dispatch<OperationAction> }) {
  return (
    <div role="tablist" aria-label="Body editor" className="flex gap-1 rounded-md bg-muted p-1">
      {(['form', 'json'] as const).map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          aria-selected={tab === t}
          className={cx(
            'rounded px-3 py-1 text-sm',
            tab === t ? 'bg-background font-medium shadow-xs' : 'text-muted-foreground',
          )}
          onClick={() => dispatch({ type: 'switchTab', tab: t })}
        >
          {t === 'form' ? 'Form' : 'Raw JSON'}
        </button>
      ))}
    </div>
  );
}

/** The raw JSON editor, why its text is not JSON, and the body's own problems. */
function RawBody({
  state,
  dispatch,
}: {
  state: Pick<OperationState, 'form' | 'raw' | 'rawError' | 'errors'>;
  dispatch: Dispatch<OperationAction>;
}) {
  const { op } = state.form;
  const { rawError } = state;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${op.id}-raw`}>Raw JSON body</Label>
      <Textarea
        id={`${op.id}-raw`}
        value={state.raw}
        onChange={(e) => dispatch({ type: 'editRaw', text: e.target.value })}
        rows={12}
        spellCheck={false}
        className="font-mono text-xs"
        {...(rawError ? { 'aria-describedby': `${op.id}-raw-error` } : {})}
      />
      {rawError && (
        <p id={`${op.id}-raw-error`} className="text-xs text-muted-foreground">
          {rawError}
        </p>
      )}
      {state.errors
        .filter((e) => e.path === '')
        .map((e) => (
          <p key={e.message} className="text-sm text-destructive">
            {e.message}
          </p>
        ))}
    </div>
  );
}
